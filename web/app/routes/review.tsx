import { useParams } from 'react-router';
import { ReviewPage } from '../../features/review/components/review-page';
import { LinkPlayer } from '../../features/videos/components/link-player';

/** /review/:token (issue 19): the review page, with the videos feature's player handed in. */
export function ReviewRoute() {
  const { token = '' } = useParams();
  return (
    <ReviewPage
      token={token}
      player={(link, fallback) => <LinkPlayer link={link} fallback={fallback} />}
    />
  );
}
