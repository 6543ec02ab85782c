import { useParams } from 'react-router';
import {
  ReviewPage,
  type ReviewComposerProps,
  type ReviewParts,
  type ReviewPlayerProps,
} from '../../features/review/components/review-page';
import { CommentComposer } from '../../features/comments/components/comment-composer';
import { PlayerSlot, usePlayer } from '../../features/videos/components/link-player';
import { ScreenHydrated } from '../screen-hydrated';

/** The videos feature's player of a link, with the handle "Comment at" and timecodes use. */
export function GuestPlayer({ link, fallback, children }: ReviewPlayerProps) {
  const player = usePlayer(link);
  return children(player ? <PlayerSlot player={player} /> : fallback, player?.handle ?? null);
}

/** The app's comment composer, "Comment at" included; a guest mentions no one. */
export function GuestComposer(props: ReviewComposerProps) {
  return (
    <CommentComposer
      people={[]}
      knowsPeople={false}
      placeholder="What do you think? Timecodes like 0:42 are fine."
      {...props}
    />
  );
}

export const GUEST_PARTS: ReviewParts = { Player: GuestPlayer, Composer: GuestComposer };

/** /review/:token (issue 19): the review page, with the videos' player and the comments' composer. */
export function ReviewRoute() {
  const { token = '' } = useParams();
  return (
    <>
      <ReviewPage token={token} parts={GUEST_PARTS} />
      <ScreenHydrated />
    </>
  );
}
