import { startTransition, useContext, useEffect, useMemo, useState } from 'react';
import { DrawnAt, drawnPageHolds } from './drawn-page';

/** How often the words about time move on while a screen stays open. */
export const CLOCK_TICK_MS = 30_000;

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;

/** One timer for every screen that tells the time, running while any does. */
function subscribe(onTick: () => void): () => void {
  listeners.add(onTick);
  timer ??= setInterval(() => {
    for (const listener of listeners) listener();
  }, CLOCK_TICK_MS);
  return () => {
    listeners.delete(onTick);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The browser's time to the second: the same value however often React reads it in a render. */
const currentSecond = () => Math.floor(Date.now() / 1000) * 1000;

/**
 * Now, for the words a screen says about time: the moment the page was drawn while a page the
 * server drew hydrates, then the browser's time, moving on every CLOCK_TICK_MS while the screen
 * is shown. Each move is a transition, so React redraws the screens that tell the time in
 * slices: as an external store, the move from the drawn moment to the browser's right after
 * hydration redrew every card of a dashboard in one task, the longest of a phone's first load
 * (Lighthouse total blocking time, issue 47).
 */
export function useNow(): Date {
  const drawnAt = useContext(DrawnAt);
  const [at, setAt] = useState(() =>
    drawnAt !== null && drawnPageHolds() ? drawnAt : currentSecond(),
  );
  useEffect(() => {
    const moveOn = () => startTransition(() => setAt(currentSecond()));
    moveOn();
    return subscribe(moveOn);
  }, []);
  return useMemo(() => new Date(at), [at]);
}
