import { createContext } from 'react';
import type { Preferences } from '@domain/preferences';

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
