import {
  Badge,
  Box,
  Button,
  Collapse,
  Group,
  Loader,
  Modal,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  canDeleteComment,
  canMarkCommentDone,
  commentAuthorLabel,
  COMMENT_MESSAGES,
  threadsOf,
  type CommentView,
} from '@domain/comments';
import { frameToSeconds, sortByTime } from '@domain/timecode';
import { frameRateIn } from '@domain/versions';
import { useDrawingSelection } from '../../../components/drawing/use-drawing-selection';
import { VERSION_TEXTS } from '@domain/version-labels';
import { UNDO_TOAST_MS } from '@domain/workflow';
import { Icon, IconMessage } from '../../../components/icons';
import { getErrorMessage } from '../../../lib/api-client';
import { useNow } from '../../../lib/clock';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAuth } from '../../../hooks/use-auth';
import type { PlayerHandle } from '../../../lib/player-handle';
import {
  isPending,
  useAddComment,
  useAddReply,
  type NewComment,
  useComments,
  useDeleteComment,
  useMentionable,
  useSetDone,
} from '../../../api/comments';
import { useVideo } from '../../../api/videos';
import { useVersions } from '../../../api/versions';
import { CommentComposer } from './comment-composer';
import { CommentItem } from './comment-item';
import { CommentThread } from './comment-thread';
import classes from './comments.module.css';

const FALLBACK = 'Something went wrong. Please try again.';

/** The id of a thread's Reply button. */
const replyButtonId = (threadId: string) => `reply-${threadId}`;

// Plain line ends, unlike the other icons.
const Chevron = ({ open }: { open: boolean }) => (
  <Icon
    size={16}
    strokeLinecap={undefined}
    strokeLinejoin={undefined}
    style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
  >
    <path d="m6 9 6 6 6-6" />
  </Icon>
);

function EmptyComments() {
  return (
    <Stack align="center" gap={4} py="lg" c="dimmed">
      <IconMessage size={28} />
      <Text size="sm" fw={600} c="dark.6">
        No comments yet
      </Text>
      <Text size="sm">Start the conversation with your team!</Text>
    </Stack>
  );
}

/**
 * The video dialog's comments (docs/product.md#screens): the count, collapsible, the list (oldest
 * first, rich text), the field with @-mentions, and delete with confirmation for the author,
 * lead editors, the king and admins. A `?comment={id}` in the address (from a notification) is
 * highlighted and scrolled into view. With the dialog's player: "Comment at" the player's time,
 * timecodes that seek it, the list sorted by time in the video on demand, and a notified
 * timecoded comment opens the player at its moment. Each first comment heads its thread: a
 * Reply button, the replies under it, done as a whole (issue 45 part 4).
 */
export function CommentsPanel({
  videoId,
  videoLink,
  defaultExpanded = true,
  player = null,
  version,
}: {
  videoId: string;
  /**
   * The version (cut) shown: only its comments are listed and a new one is made on it (issue 41;
   * null: the source). Left out: every comment, and a new one goes on the current version.
   */
  version?: number | null;
  /** The dialog's player, when the video plays there. */
  player?: PlayerHandle | null;
  /** The video's link, for timecode links; read from the server when not given. */
  videoLink?: string | null;
  defaultExpanded?: boolean;
}) {
  const { user } = useAuth();
  const [expanded, setExpanded] = useState(defaultExpanded);
  const [confirming, setConfirming] = useState<CommentView | null>(null);
  const [params] = useSearchParams();
  const focusedId = params.get('comment');
  const now = useNow();
  const bodyId = useId();

  const comments = useComments(videoId, { enabled: expanded });
  const mentionable = useMentionable(videoId, { enabled: expanded });
  // The video's link only, read when the host does not pass it (timecodes open the video).
  const fetchedLink = useVideo(videoId, {
    enabled: expanded && videoLink === undefined,
    select: (video) => video.link,
  });
  const link = videoLink === undefined ? (fetchedLink.data ?? null) : videoLink;
  // The rate of the version shown (a new note goes on it): its notes' frames count at it.
  const versions = useVersions(expanded ? videoId : null);
  const frameRate = frameRateIn(versions.data, version);
  const add = useAddComment(videoId, version);
  const addReply = useAddReply(videoId);
  // The thread (its first comment's id) the viewer is replying in.
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const remove = useDeleteComment(videoId);
  const toggleDone = useDoneToggle(videoId);

  const [order, setOrder] = useState<'posted' | 'timecode'>('posted');

  const loaded = useMemo(
    () =>
      version === undefined ? comments.data : comments.data?.filter((c) => c.version === version),
    [comments.data, version],
  );
  useEffect(() => {
    if (!focusedId || !loaded?.some((c) => c.id === focusedId)) return;
    document
      .getElementById(`comment-${focusedId}`)
      ?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [focusedId, loaded]);

  // A notified comment that names a moment opens the player there, once (unless `?t=` names one).
  const startedFor = useRef<string | null>(null);
  const hasStart = params.has('t');
  useEffect(() => {
    if (!player?.tellsTime || !focusedId || hasStart || startedFor.current === focusedId) return;
    const focused = loaded?.find((c) => c.id === focusedId);
    if (!focused) return;
    startedFor.current = focusedId;
    if (focused.frame !== null) player.seek(frameToSeconds(focused.frame, frameRate));
  }, [player, focusedId, hasStart, loaded, frameRate]);

  const timecoded = useMemo(() => (loaded ?? []).some((c) => c.frame !== null), [loaded]);
  const threads = useMemo(() => {
    const all = threadsOf(loaded ?? []);
    return order === 'timecode' ? sortByTime(all, (t) => t.comment.frame) : all;
  }, [order, loaded]);
  const seek = player?.tellsTime ? (seconds: number) => player.seek(seconds) : undefined;

  const people = (mentionable.data ?? []).filter((p) => p.id !== user?.id);
  // Badges only for real mentions (issue 37); every @word stays text until the list is known.
  const mentionNames = useMemo(
    () => new Set((mentionable.data ?? []).map((p) => p.username.toLowerCase())),
    [mentionable.data],
  );

  const selectDrawing = useDrawingSelection(player, loaded, frameRate);

  const post = async (comment: NewComment) => {
    try {
      await add.mutateAsync(comment);
      notifySuccess(COMMENT_MESSAGES.added);
      return true;
    } catch (error) {
      notifyError('Failed to add comment', getErrorMessage(error, FALLBACK));
      return false;
    }
  };

  /** Puts the reply composer away; the thread's Reply button has the focus again. */
  const stopReplying = (threadId: string) => {
    setReplyingTo(null);
    requestAnimationFrame(() => document.getElementById(replyButtonId(threadId))?.focus());
  };

  const postReply = async (parent: CommentView, { content }: NewComment) => {
    if (!user) return false;
    const author: CommentView['author'] = {
      id: user.id,
      name: user.name ?? null,
      username: user.username,
      avatarUrl: user.avatarUrl ?? null,
      role: user.role,
    };
    // Shown at once (optimistic); the composer goes once the server has it.
    try {
      await addReply.mutateAsync({ parent, content, author });
      notifySuccess(COMMENT_MESSAGES.replyAdded);
      stopReplying(parent.id);
      return true;
    } catch (error) {
      notifyError('Failed to add reply', getErrorMessage(error, FALLBACK));
      return false;
    }
  };

  const renderComment = (c: CommentView) => {
    const sending = isPending(c);
    const first = c.parentId === null;
    return (
      <CommentItem
        comment={c}
        now={now}
        videoLink={link}
        focused={c.id === focusedId}
        pending={sending}
        onDelete={
          !sending && user && canDeleteComment(user, c) ? () => setConfirming(c) : undefined
        }
        onSeek={seek}
        // A thread is done as a whole: by its first comment only.
        onToggleDone={
          first && user && canMarkCommentDone(user, c) ? () => toggleDone(c) : undefined
        }
        onReply={first && user ? () => setReplyingTo(c.id) : undefined}
        replyId={replyButtonId(c.id)}
        mentionable={mentionNames}
        frameRate={frameRate}
        {...selectDrawing(c)}
      />
    );
  };

  const confirmDelete = () => {
    const target = confirming;
    if (!target) return;
    remove.mutate(target.id, {
      onSuccess: () => {
        setConfirming(null);
        notifySuccess(COMMENT_MESSAGES.deleted);
      },
      onError: (error) => {
        setConfirming(null);
        notifyError('Failed to delete comment', getErrorMessage(error, FALLBACK));
      },
    });
  };

  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label="Comments">
      <UnstyledButton
        className={classes.toggle}
        onClick={() => setExpanded((e) => !e)}
        aria-expanded={expanded}
        aria-controls={bodyId}
      >
        <IconMessage size={18} />
        <Text fw={700} size="sm" component="span">
          Comments
        </Text>
        {loaded && (
          <Badge variant="light" size="sm" radius="sm">
            {loaded.length}
          </Badge>
        )}
        <Box ml="auto" display="flex">
          <Chevron open={expanded} />
        </Box>
      </UnstyledButton>

      <Collapse expanded={expanded} id={bodyId}>
        <Stack gap="sm" pt="sm">
          {comments.isPending ? (
            // The empty state's shape (its icon's, title's and line's room), so the list's
            // usual first answer, none yet, moves nothing under it (issue 47).
            <Stack align="center" gap={4} py="lg" c="dimmed">
              <Loader size={28} />
              <Text size="sm" fw={600} c="dark.6">
                Loading comments...
              </Text>
              <Text size="sm">Reading the notes on this video.</Text>
            </Stack>
          ) : comments.isError ? (
            <Stack align="center" gap="xs" py="md" role="alert">
              <Text size="sm">{getErrorMessage(comments.error, 'Could not load comments.')}</Text>
              <Button variant="light" size="xs" onClick={() => void comments.refetch()}>
                Try again
              </Button>
            </Stack>
          ) : !loaded || loaded.length === 0 ? (
            <EmptyComments />
          ) : (
            <>
              {timecoded && (
                <SegmentedControl
                  size="xs"
                  aria-label="Order of comments"
                  value={order}
                  onChange={(v) => setOrder(v === 'timecode' ? 'timecode' : 'posted')}
                  data={[
                    { value: 'posted', label: 'As posted' },
                    { value: 'timecode', label: 'By time in video' },
                  ]}
                />
              )}
              <Box
                component="ul"
                className={classes.list}
                mah={{ base: undefined, sm: 420 }}
                style={{ overflowY: 'auto' }}
              >
                {threads.map((thread) => (
                  <li key={thread.comment.id}>
                    <CommentThread
                      thread={thread}
                      focusedId={focusedId}
                      renderComment={renderComment}
                      composer={
                        replyingTo === thread.comment.id ? (
                          <CommentComposer
                            people={people}
                            knowsPeople={mentionable.isSuccess}
                            onSubmit={(reply) => postReply(thread.comment, reply)}
                            submitting={addReply.isPending}
                            label={`Reply to ${commentAuthorLabel(thread.comment)}`}
                            placeholder="Write a reply... Type @ to mention someone"
                            submitLabel="Reply"
                            onCancel={() => stopReplying(thread.comment.id)}
                            autoFocus
                          />
                        ) : null
                      }
                    />
                  </li>
                ))}
              </Box>
            </>
          )}
          <CommentComposer
            people={people}
            knowsPeople={mentionable.isSuccess}
            onSubmit={post}
            submitting={add.isPending}
            player={player}
            frameRate={frameRate}
          />
        </Stack>
      </Collapse>

      <Modal
        opened={confirming !== null}
        onClose={() => !remove.isPending && setConfirming(null)}
        title="Delete comment?"
        centered
        size="sm"
      >
        <Text size="sm">This comment will be removed for everyone. This cannot be undone.</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={() => setConfirming(null)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button color="red.8" onClick={confirmDelete} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}

/**
 * Marks a note done or open again (issue 41), confirmed by a toast with Undo for a few seconds,
 * which sets it back.
 */
function useDoneToggle(videoId: string) {
  const setDone = useSetDone(videoId);
  return (comment: CommentView) => {
    const done = comment.doneAt === null;
    setDone.mutate(
      { id: comment.id, done },
      {
        onSuccess: () => {
          const id = `done-${comment.id}`;
          notifications.clean();
          notifications.show({
            id,
            color: 'teal',
            autoClose: UNDO_TOAST_MS,
            title: done ? COMMENT_MESSAGES.markedDone : COMMENT_MESSAGES.markedOpen,
            message: (
              <Group justify="flex-end">
                <Button
                  size="compact-sm"
                  variant="light"
                  aria-label={`${VERSION_TEXTS.undo}: ${done ? COMMENT_MESSAGES.markedDone : COMMENT_MESSAGES.markedOpen}`}
                  onClick={() => {
                    notifications.hide(id);
                    setDone.mutate(
                      { id: comment.id, done: !done },
                      {
                        onError: (error) =>
                          notifyError(VERSION_TEXTS.doneFailed, getErrorMessage(error, FALLBACK)),
                      },
                    );
                  }}
                >
                  {VERSION_TEXTS.undo}
                </Button>
              </Group>
            ),
          });
        },
        onError: (error) => notifyError(VERSION_TEXTS.doneFailed, getErrorMessage(error, FALLBACK)),
      },
    );
  };
}
