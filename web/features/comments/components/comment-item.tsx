import { ActionIcon, Badge, Box, Button, Group, Text } from '@mantine/core';
import { roleLabel } from '@domain/roles';
import { commentAuthorLabel, type CommentView } from '@domain/comments';
import { relativeTime } from '@domain/notifications';
import { VERSION_TEXTS } from '@domain/version-labels';
import { ShowDrawingButton } from '../../../components/drawing/show-drawing-button';
import { Icon } from '../../../components/icons';
import { RichText } from '../../../components/rich-text';
import { TimeChip } from '../../../components/time-chip';
import { DEFAULT_FRAME_RATE, frameToSeconds, type FrameRate } from '@domain/timecode';
import classes from './comments.module.css';
import { PersonAvatar } from '../../../components/person-avatar';

const TrashIcon = () => (
  <Icon size={16}>
    <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
  </Icon>
);

export function CommentItem({
  comment,
  now,
  videoLink,
  focused,
  onDelete,
  onSeek,
  onToggleDone,
  mentionable,
  frameRate = DEFAULT_FRAME_RATE,
  drawingShown = false,
  onShowDrawing,
  onReply,
  replyId,
  pending = false,
}: {
  /** Present on a first comment the viewer may answer (issue 45 part 4): its Reply button. */
  onReply?: () => void;
  /** The Reply button's id (focus returns to it when the reply's composer is put away). */
  replyId?: string;
  /** A reply still on its way to the server: shown as sending, without actions. */
  pending?: boolean;
  comment: CommentView;
  /** The rate of its version: its time and the timecodes in its text count frames at it. */
  frameRate?: FrameRate;
  /** Lowercase usernames that may be mentioned on the video: only they show as badges. */
  mentionable: ReadonlySet<string> | null;
  now: Date;
  videoLink: string | null;
  /** The comment a notification pointed at (?comment=): highlighted and scrolled to. */
  focused: boolean;
  /** Present when the viewer may delete it. */
  onDelete?: () => void;
  /** Present when the dialog's player seeks: its timecodes become buttons. */
  onSeek?: (seconds: number) => void;
  /** Present when the viewer may mark the note done or open it again (issue 41). */
  onToggleDone?: () => void;
  /** Present when the comment has a drawing the player can show (issue 43): shows or hides it. */
  onShowDrawing?: () => void;
  /** Its drawing is the one shown over the picture. */
  drawingShown?: boolean;
}) {
  const who = commentAuthorLabel(comment);
  const done = comment.doneAt !== null;
  const created = new Date(comment.createdAt);
  return (
    <Box
      component="article"
      id={`comment-${comment.id}`}
      className={classes.comment}
      data-focused={focused || undefined}
      data-done={done || undefined}
      data-pending={pending || undefined}
      aria-busy={pending || undefined}
      aria-label={`${comment.parentId ? 'Reply' : 'Comment'} by ${who}`}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <PersonAvatar
          person={comment.author ?? { name: comment.guestName, username: 'guest' }}
          size={comment.parentId ? 24 : 32}
        />
        <Box miw={0} style={{ flex: 1 }}>
          <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
            <Group gap={6} wrap="wrap" miw={0} style={{ flex: 1 }}>
              <Text size="sm" fw={700}>
                {who}
              </Text>
              <Text size="xs" c="dimmed">
                {comment.author ? roleLabel(comment.author.role) : 'Review link'}
              </Text>
              <Text size="xs" c="dimmed">
                <time
                  dateTime={comment.createdAt}
                  title={Number.isNaN(created.getTime()) ? undefined : created.toLocaleString()}
                >
                  {pending ? 'Sending…' : relativeTime(comment.createdAt, now)}
                </time>
              </Text>
              {comment.carriedFrom !== null && (
                <Badge size="xs" variant="light" color="grape" c="grape.9" radius="sm">
                  {VERSION_TEXTS.carriedFrom(comment.carriedFrom)}
                </Badge>
              )}
              {done && (
                <Badge size="xs" variant="light" color="teal" c="teal.9" radius="sm">
                  Done
                </Badge>
              )}
              {comment.drawing && (
                <ShowDrawingButton drawingShown={drawingShown} onShowDrawing={onShowDrawing} />
              )}
            </Group>
            {onReply && (
              <Button
                id={replyId}
                variant="subtle"
                color="violet"
                c="violet.9"
                size="compact-xs"
                onClick={onReply}
                aria-label={`Reply to ${who}`}
              >
                Reply
              </Button>
            )}
            {onToggleDone && (
              <Button
                variant={done ? 'subtle' : 'default'}
                color="gray"
                c="dark.7"
                size="compact-xs"
                onClick={onToggleDone}
                aria-label={done ? `Reopen note by ${who}` : `Mark note by ${who} done`}
              >
                {done ? 'Reopen' : 'Done'}
              </Button>
            )}
            {onDelete && (
              <ActionIcon
                variant="subtle"
                color="red.9"
                size="sm"
                aria-label={`Delete comment by ${who}`}
                onClick={onDelete}
              >
                <TrashIcon />
              </ActionIcon>
            )}
          </Group>
          {comment.timecode !== null && comment.frame !== null && (
            <TimeChip
              timecode={comment.timecode}
              seconds={frameToSeconds(comment.frame, frameRate)}
              onSeek={onSeek}
            />
          )}
          <RichText
            text={comment.content}
            videoLink={videoLink}
            onSeek={onSeek}
            mentionable={mentionable}
            frameRate={frameRate}
          />
        </Box>
      </Group>
    </Box>
  );
}
