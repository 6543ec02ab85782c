import { lazyDialog } from '../../components/lazy-dialog';
import { useVideoParam } from '../../hooks/use-video-param';
import type { VideoDetailDialogProps } from '../../features/videos/components/video-detail-dialog';

/**
 * The video detail dialog with the comments panel beside its form, loaded on first use (both
 * are left out of the screens' first load).
 */
const VideoDetailDialog = lazyDialog(async () => {
  const [{ VideoDetailDialog: Dialog }, { CommentsPanel }] = await Promise.all([
    import('../../features/videos/components/video-detail-dialog'),
    import('../../features/comments/components/comments-panel'),
  ]);
  return function VideoDetailWithComments(props: Omit<VideoDetailDialogProps, 'comments'>) {
    return (
      <Dialog
        {...props}
        comments={(videoId, player, version) => (
          <CommentsPanel videoId={videoId} player={player} version={version} />
        )}
      />
    );
  };
});

/**
 * The video the address names (`?video=`, `?comment=`; docs/product.md#screens) in its dialog, over
 * the screen that opened it: a screen opens a video with useVideoParam().open, and the route
 * that shows the screen draws this beside it.
 */
export function VideoFromUrl() {
  const { videoId, startAt, close } = useVideoParam();
  return (
    <VideoDetailDialog
      videoId={videoId}
      opened={videoId !== null}
      onClose={close}
      startAt={startAt}
    />
  );
}
