import { VideoDetailDialog } from '../../features/videos/components/lazy-dialogs';
import { useVideoParam } from '../../hooks/use-video-param';

/**
 * The video the address names (`?video=`, `?comment=`; SPEC.md section 2) in its dialog, over
 * the screen that opened it: a screen opens a video with useVideoParam().open, and the route
 * that shows the screen draws this beside it.
 */
export function VideoFromUrl() {
  const { videoId, close } = useVideoParam();
  return <VideoDetailDialog videoId={videoId} opened={videoId !== null} onClose={close} />;
}
