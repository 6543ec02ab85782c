import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';

/**
 * The video dialogs, loaded on first use: with their forms' validation (zod) they are a fifth
 * of a dashboard's code, and no dashboard needs them for its first paint (Lighthouse mobile,
 * issue 9 part 6). Their code is fetched in idle time after the page has drawn, so the first
 * open does not wait for the network.
 */
const loadDetail = () => import('./video-detail-dialog');
const loadAdd = () => import('./add-video-dialog');

const IDLE_FALLBACK_MS = 1500;

/** Fetches both dialogs' code once the browser is idle (or soon, where it cannot tell). */
function usePreloadWhenIdle() {
  useEffect(() => {
    const load = () => {
      // A failure shows when the dialog is opened, inside the route's error boundary.
      void loadDetail().catch(() => undefined);
      void loadAdd().catch(() => undefined);
    };
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(load, { timeout: IDLE_FALLBACK_MS * 2 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(load, IDLE_FALLBACK_MS);
    return () => window.clearTimeout(timer);
  }, []);
}

/**
 * A dialog whose code loads on first use. It mounts the first time `opened` is true and then
 * stays mounted, so closing animates.
 */
function lazyDialog<P extends { opened: boolean }>(load: () => Promise<ComponentType<P>>) {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  return function LazyDialog(props: P) {
    usePreloadWhenIdle();
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

export const VideoDetailDialog = lazyDialog(() => loadDetail().then((m) => m.VideoDetailDialog));
export const AddVideoDialog = lazyDialog(() => loadAdd().then((m) => m.AddVideoDialog));
