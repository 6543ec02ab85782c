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

/**
 * A moment to the tick (CLOCK_TICK_MS): what the words about time can tell apart (the finest
 * is a minute: 'Just now', '1 min'). A screen told the time again within the same tick draws
 * nothing again: the move from the drawn moment to the browser's right after hydration redrew
 * every card of a dashboard (some 600 components on a phone, issue 47), now only when a tick
 * passed in between.
 */
const toTick = (ms: number) => Math.floor(ms / CLOCK_TICK_MS) * CLOCK_TICK_MS;

/**
 * Now, to the tick, for the words a screen says about time: the moment the page was drawn while
 * a page the server drew hydrates, then the browser's time, moving on every CLOCK_TICK_MS while the screen
 * is shown. Each move is a transition, so React redraws the screens that tell the time in
 * slices: as an external store, the move from the drawn moment to the browser's right after
 * hydration redrew every card of a dashboard in one task, the longest of a phone's first load
 * (Lighthouse total blocking time, issue 47).
 */
export function useNow(): Date {
  const drawnAt = useContext(DrawnAt);
  const [at, setAt] = useState(() =>
    toTick(drawnAt !== null && drawnPageHolds() ? drawnAt : Date.now()),
  );
  useEffect(() => {
    const moveOn = () => startTransition(() => setAt(toTick(Date.now())));
    moveOn();
    return subscribe(moveOn);
  }, []);
  return useMemo(() => new Date(at), [at]);
}
