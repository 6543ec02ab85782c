import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The `?video=` and `?comment=` query parameters (SPEC.md section 2): a notification link or a
 * card opens the detail dialog through them; closing removes both and keeps every other
 * parameter (e.g. `?client=`). Any dashboard can use it:
 *
 *   const { videoId, open, close } = useVideoParam();
 *   <VideoDetailDialog videoId={videoId} opened={videoId !== null} onClose={close} />
 */
export function useVideoParam() {
  const [params, setParams] = useSearchParams();
  // An empty parameter opens nothing.
  const videoId = params.get('video') || null;
  const commentId = params.get('comment') || null;

  const open = useCallback(
    (id: string) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        next.set('video', id);
        next.delete('comment');
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
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return { videoId, commentId, open, close };
}
