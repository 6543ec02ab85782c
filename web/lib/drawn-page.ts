import { createContext, startTransition, useContext, useEffect, useState } from 'react';
import type { Preferences } from '@domain/preferences';

/**
 * The moment (ms since the epoch) a page drawn by the server was drawn at, or null in a page the
 * browser drew itself. The words a screen says about time ('Agency's turn · 5 min', 'Day 3',
 * '2 minutes ago') are measured from it while the browser hydrates the page, so its first render
 * says what the server said, however long the page took to arrive or however far the two clocks
 * are apart (ADR 0009); right after, they are measured from the browser's clock. Kept apart from
 * the screens, as DrawnWidth is: the server's renderer provides it (web/app/boot.ts).
 */
export const DrawnAt = createContext<number | null>(null);

/**
 * Whether a screen mounting now starts from what the server drew the page with (its moment,
 * web/lib/clock.ts; its preferences, web/hooks/use-preferences.ts): while the drawn page
 * hydrates (its parts hydrate one after the other, each must draw what the server drew) and
 * until the user first moves on, as the drawn answers count as the screen's first fetch
 * (hydrate-drawn.tsx). After that a new screen starts from the browser's own.
 */
let holds = true;

export const drawnPageHolds = (): boolean => holds;

/** The user moved on from the page the server drew: new screens start from the browser's own. */
export function leaveDrawnPage(): void {
  holds = false;
}

/**
 * The preferences a page drawn by the server was drawn with (the drawn ones, from the cookie
 * the browser mirrors them in: domain/preferences.ts), or null in a page the browser drew
 * itself. Kept apart from the hook, as DrawnWidth is: the server's renderer provides it.
 */
export const DrawnPreferences = createContext<Preferences | null>(null);

/**
 * Whether a screen may draw what only the browser knows: its language and time zone, its own
 * address (a player's embed). False on the server, which knows neither, and while the browser
 * hydrates a page the server drew (its first render must be the server's); true right after, in
 * a transition, and from the start in a page the browser drew itself (the guest review page,
 * issue 47).
 */
export function useAfterDrawn(): boolean {
  const drawnAt = useContext(DrawnAt);
  const [after, setAfter] = useState(() => drawnAt === null || !drawnPageHolds());
  useEffect(() => {
    if (!after) startTransition(() => setAfter(true));
  }, [after]);
  return after;
}
