import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

const IDLE_FALLBACK_MS = 1500;

/** Fetches `load`'s code once the browser is idle (or soon, where it cannot tell). */
function usePreloadWhenIdle(load: () => Promise<unknown>) {
  useEffect(() => {
    // A failure shows when the dialog is opened, inside the route's error boundary.
    const preload = () => void load().catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(preload, { timeout: IDLE_FALLBACK_MS * 2 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(preload, IDLE_FALLBACK_MS);
    return () => window.clearTimeout(timer);
  }, [load]);
}

/**
 * A dialog whose code loads on first use: no screen needs a dialog for its first paint
 * (Lighthouse mobile, issue 9 part 6). The code is fetched in idle time after the page has
 * drawn, so the first open does not wait for the network. The dialog mounts the first time
 * `opened` is true and then stays mounted, so closing animates.
 */
export function lazyDialog<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  return function LazyDialog(props: P) {
    usePreloadWhenIdle(load);
    const [mounted, setMounted] = useState(props.opened);
    if (props.opened && !mounted) setMounted(true);
    if (!mounted && !props.opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
