import {
  Badge,
  Box,
  Button,
  Collapse,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { canDeleteComment, COMMENT_MESSAGES, type CommentView } from '@domain/comments';
import { IconMessage } from '../../../components/icons';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAuth } from '../../../hooks/use-auth';
import { useAddComment } from '../api/add-comment';
import { useDeleteComment } from '../api/delete-comment';
import { useComments } from '../api/get-comments';
import { useMentionable } from '../api/get-mentionable';
import { useVideoLink } from '../api/get-video-link';
import { CommentComposer } from './comment-composer';
import { CommentItem } from './comment-item';
import classes from './comments.module.css';

const FALLBACK = 'Something went wrong. Please try again.';

function Chevron({ open }: { open: boolean }) {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
      focusable="false"
      style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
    >
      <path d="m6 9 6 6 6-6" />
    </svg>
  );
}

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

/** Keeps the relative times fresh while the panel is shown. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The video dialog's comments (SPEC.md section 2): the count, collapsible, the list (oldest
 * first, rich text), the field with @-mentions, and delete with confirmation for the author,
 * lead editors, the king and admins. A `?comment={id}` in the address (from a notification) is
 * highlighted and scrolled into view.
 */
export function CommentsPanel({
  videoId,
  videoLink,
  defaultExpanded = true,
}: {
  videoId: string;
  /** The video's link, for timecode links; read from the server when not given. */
  videoLink?: string | null;
  defaultExpanded?: boolean;
}) {
  const { user } = useAuth();
  const [expanded, setExpanded] = useState(defaultExpanded);
  const [confirming, setConfirming] = useState<CommentView | null>(null);
  const [params] = useSearchParams();
  const focusedId = params.get('comment');
  const now = useMinuteClock();
  const bodyId = useId();

  const comments = useComments(videoId, { enabled: expanded });
  const mentionable = useMentionable(videoId, { enabled: expanded });
  const fetchedLink = useVideoLink(videoId, { enabled: expanded && videoLink === undefined });
  const link = videoLink === undefined ? (fetchedLink.data ?? null) : videoLink;
  const add = useAddComment(videoId);
  const remove = useDeleteComment(videoId);

  const loaded = comments.data;
  useEffect(() => {
    if (!focusedId || !loaded?.some((c) => c.id === focusedId)) return;
    document
      .getElementById(`comment-${focusedId}`)
      ?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [focusedId, loaded]);

  const people = (mentionable.data ?? []).filter((p) => p.id !== user?.id);

  const post = async (content: string) => {
    try {
      await add.mutateAsync(content);
      notifySuccess(COMMENT_MESSAGES.added);
      return true;
    } catch (error) {
      notifyError('Failed to add comment', getErrorMessage(error, FALLBACK));
      return false;
    }
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
            <Group gap="xs" justify="center" py="md">
              <Loader size="sm" />
              <Text size="sm">Loading comments...</Text>
            </Group>
          ) : comments.isError ? (
            <Stack align="center" gap="xs" py="md" role="alert">
              <Text size="sm">{getErrorMessage(comments.error, 'Could not load comments.')}</Text>
              <Button variant="light" size="xs" onClick={() => void comments.refetch()}>
                Try again
              </Button>
            </Stack>
          ) : comments.data.length === 0 ? (
            <EmptyComments />
          ) : (
            <Box
              component="ul"
              className={classes.list}
              mah={{ base: undefined, sm: 420 }}
              style={{ overflowY: 'auto' }}
            >
              {comments.data.map((c) => (
                <li key={c.id}>
                  <CommentItem
                    comment={c}
                    now={now}
                    videoLink={link}
                    focused={c.id === focusedId}
                    onDelete={
                      user && canDeleteComment(user, c) ? () => setConfirming(c) : undefined
                    }
                  />
                </li>
              ))}
            </Box>
          )}
          <CommentComposer people={people} onSubmit={post} submitting={add.isPending} />
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
