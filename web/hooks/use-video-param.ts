import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The `?video=` and `?comment=` query parameters (docs/product.md#screens): a notification link or a
 * card opens the detail dialog through them; closing removes both and keeps every other
 * parameter (e.g. `?client=`). A screen opens a video with `open`; the route that shows the
 * screen draws the dialog from the address (web/app/routes/video-from-url.tsx).
 */
export function useVideoParam() {
  const [params, setParams] = useSearchParams();
  // An empty parameter opens nothing.
  const videoId = params.get('video') || null;
  const commentId = params.get('comment') || null;
  // `?t=` (seconds): the moment a timecoded comment's notification opens the player at.
  const t = Number(params.get('t') ?? '');
  const startAt = params.get('t') && Number.isFinite(t) && t >= 0 ? t : null;

  const open = useCallback(
    (id: string) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        next.set('video', id);
        next.delete('comment');
        next.delete('t');
        return next;
      }),
    [setParams],
  );

  const close = useCallback(
    () =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          next.delete('video');
          next.delete('comment');
          next.delete('t');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return { videoId, commentId, startAt, open, close };
}
