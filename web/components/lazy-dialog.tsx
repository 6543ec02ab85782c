import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { whenIdle } from '../lib/when-idle';

const IDLE_TIMEOUT_MS = 3000;

/** Fetches `load`'s code once the browser is idle (or soon, where it cannot tell). */
export function usePreloadWhenIdle(load: () => Promise<unknown>) {
  // A failure shows when the dialog is opened, inside the route's error boundary.
  useEffect(() => whenIdle(() => void load().catch(() => undefined), IDLE_TIMEOUT_MS), [load]);
}

/**
 * A dialog whose code loads on first use: no screen needs a dialog for its first paint
 * (Lighthouse mobile, issue 9 part 6). The code is fetched in idle time after the page has
 * drawn, so the first open does not wait for the network. The dialog mounts the first time
 * `opened` is true and then stays mounted, so closing animates.
 */
export function lazyDialog<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  function LazyDialog(props: P) {
    usePreloadWhenIdle(load);
    const [mounted, setMounted] = useState(props.opened);
    if (props.opened && !mounted) setMounted(true);
    if (!mounted && !props.opened) return null;
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
