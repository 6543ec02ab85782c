import { lazy, Suspense, useEffect, useState, type ComponentProps } from 'react';
import type { AddVideoDialog as AddVideoDialogType } from './add-video-dialog';
import type { VideoDetailDialog as VideoDetailDialogType } from './video-detail-dialog';

/**
 * The video dialogs, loaded on first use: with their forms' validation (zod) they are a fifth
 * of a dashboard's code, and no dashboard needs them for its first paint (Lighthouse mobile,
 * issue 9 part 6). Their code is fetched in idle time after the page has drawn, so the first
 * open does not wait for the network.
 */
const loadDetail = () => import('./video-detail-dialog');
const loadAdd = () => import('./add-video-dialog');

const DetailDialog = lazy(() => loadDetail().then((m) => ({ default: m.VideoDetailDialog })));
const AddDialog = lazy(() => loadAdd().then((m) => ({ default: m.AddVideoDialog })));

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

/** True from the first time `opened` is true: the dialog then stays mounted so closing animates. */
function useOpenedOnce(opened: boolean) {
  const [ever, setEver] = useState(opened);
  if (opened && !ever) setEver(true);
  return ever || opened;
}

export function VideoDetailDialog(props: ComponentProps<typeof VideoDetailDialogType>) {
  usePreloadWhenIdle();
  const mounted = useOpenedOnce(props.opened);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <DetailDialog {...props} />
    </Suspense>
  );
}

export function AddVideoDialog(props: ComponentProps<typeof AddVideoDialogType>) {
  usePreloadWhenIdle();
  const mounted = useOpenedOnce(props.opened);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <AddDialog {...props} />
    </Suspense>
  );
}
