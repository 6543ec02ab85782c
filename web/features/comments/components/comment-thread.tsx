import { Box, Button } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import {
  commentAuthorLabel,
  THREAD_REPLIES_SHOWN,
  type CommentView,
  type Thread,
} from '@domain/comments';
import classes from './comments.module.css';

/** "Show 1 more reply", "Show 4 more replies". */
export const moreRepliesLabel = (n: number) => `Show ${n} more ${n === 1 ? 'reply' : 'replies'}`;

/**
 * A first comment with its thread under it (issue 45 part 4): the newest THREAD_REPLIES_SHOWN
 * replies, the older ones behind "Show N more replies" (open from the start when the one a
 * notification points at is among them), and the reply composer when the viewer is replying.
 */
export function CommentThread({
  thread,
  renderComment,
  composer,
  focusedId,
}: {
  thread: Thread<CommentView>;
  renderComment: (comment: CommentView) => ReactNode;
  /** The reply composer, while the viewer replies in this thread. */
  composer: ReactNode;
  /** The comment a notification pointed at (?comment=). */
  focusedId: string | null;
}) {
  const { comment, replies } = thread;
  const past = Math.max(0, replies.length - THREAD_REPLIES_SHOWN);
  const [showAll, setShowAll] = useState(() =>
    replies.slice(0, past).some((r) => r.id === focusedId),
  );
  const hidden = showAll ? 0 : past;
  const shown = replies.slice(hidden);
  return (
    <Box className={classes.thread} data-done={comment.doneAt !== null || undefined}>
      {renderComment(comment)}
      {(replies.length > 0 || composer) && (
        <Box
          component="ul"
          className={classes.replies}
          aria-label={`Replies to ${commentAuthorLabel(comment)}`}
        >
          {hidden > 0 && (
            <li>
              <Button
                variant="subtle"
                size="compact-xs"
                color="violet"
                c="violet.9"
                onClick={() => setShowAll(true)}
              >
                {moreRepliesLabel(hidden)}
              </Button>
            </li>
          )}
          {shown.map((reply) => (
            <li key={reply.id}>{renderComment(reply)}</li>
          ))}
          {composer && <li>{composer}</li>}
        </Box>
      )}
    </Box>
  );
}
