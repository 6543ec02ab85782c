import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { whenIdle } from '../lib/when-idle';

const IDLE_TIMEOUT_MS = 3000;

type Load = () => Promise<unknown>;

/** Each module's idle fetch: how many mounted screens wait for it, and what cancels it. */
const waiting = new Map<Load, { screens: number; cancel: () => void }>();
/** Modules whose idle fetch has run: their code is here (or its failure will show on opening). */
const fetched = new WeakSet<Load>();

/**
 * Fetches `load`'s code once the browser is idle (or soon, where it cannot tell): one idle
 * callback a module however many screens ask (a dashboard's every card asks for the same two
 * dialogs; a callback each was a twelfth of the first load's effects on a phone, issue 47). The
 * fetch is cancelled when the last screen that asked for it goes before it ran.
 */
export function usePreloadWhenIdle(load: Load) {
  useEffect(() => {
    if (fetched.has(load)) return undefined;
    const entry = waiting.get(load);
    if (entry) entry.screens += 1;
    else {
      const cancel = whenIdle(() => {
        waiting.delete(load);
        fetched.add(load);
        // A failure shows when the dialog is opened, inside the route's error boundary.
        void load().catch(() => undefined);
      }, IDLE_TIMEOUT_MS);
      waiting.set(load, { screens: 1, cancel });
    }
    return () => {
      const left = waiting.get(load);
      if (!left) return;
      left.screens -= 1;
      if (left.screens === 0) {
        left.cancel();
        waiting.delete(load);
      }
    };
  }, [load]);
}

/**
 * Whether a dialog should be in the tree: from the first time `opened` is true, and then for
 * good, so closing animates. Until then nothing of it mounts: a closed Mantine modal still
 * mounts its portal and transitions, whose first effects each redrew it at once, in the task
 * that hydrates a page the server drew (issue 47).
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}

/**
 * A dialog whose code loads on first use: no screen needs a dialog for its first paint
 * (Lighthouse mobile, issue 9 part 6). The code is fetched in idle time after the page has
 * drawn, so the first open does not wait for the network. The dialog mounts the first time
 * `opened` is true and then stays mounted (useOpenedOnce).
 */
export function lazyDialog<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  function LazyDialog(props: P) {
    usePreloadWhenIdle(load);
    if (!useOpenedOnce(props.opened)) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  }
  /** For a screen that mounts the dialog only while it is open: preload with this instead. */
  LazyDialog.load = load;
  return LazyDialog;
}
