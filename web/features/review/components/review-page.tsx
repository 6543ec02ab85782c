import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Container,
  Divider,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState, type ComponentType, type ReactNode } from 'react';
import { guestLabel, threadsOf } from '@domain/comments';
import {
  guestCommentBody,
  guestDecisionBody,
  reviewRefusalSchema,
  type GuestCommentView,
  type GuestVideoView,
  type ReviewRefusal,
} from '@domain/review-links';
import { frameToSeconds, type FrameRate } from '@domain/timecode';
import { versionLabel } from '@domain/versions';
import { normalizeStatus, STATUS_LABELS } from '@domain/video-status';
import { typeLabel } from '@domain/video-type-labels';
import type { NewComment } from '../../../api/comments';
import { useGuestComment, useGuestDecision, useReviewPage } from '../../../api/review-links';
import { MessageCard, MessageScreen } from '../../../components/message-screen';
import { LoadingState } from '../../../components/loading-state';
import { ShowDrawingButton } from '../../../components/drawing/show-drawing-button';
import { useDrawingSelection } from '../../../components/drawing/use-drawing-selection';
import { RichText } from '../../../components/rich-text';
import { TimeChip } from '../../../components/time-chip';
import { StatusBadge } from '../../../components/videos/status-badge';
import { ApiError, getErrorMessage } from '../../../lib/api-client';
import { useAfterDrawn } from '../../../lib/drawn-page';
import { dayLabel, utcDayLabel, zonedMomentLabel } from '../../../lib/moment-label';
import type { PlayerHandle } from '../../../lib/player-handle';
import { pageTitle } from '../../../lib/site';

/**
 * The videos feature's player, handed in by the route: draws the link's player (or `fallback`
 * where it does not play) and hands it, with its handle, to `children`.
 */
export interface ReviewPlayerProps {
  link: string;
  fallback: ReactNode;
  children: (player: ReactNode, handle: PlayerHandle | null) => ReactNode;
}

/** The comments feature's composer ("Comment at" the player's time), handed in by the route. */
export interface ReviewComposerProps {
  /**
   * Posts the text with its time as typed and the drawing on the frame, each when there is one
   * (issue 43, as in the app); true when it was accepted.
   */
  onSubmit: (comment: NewComment) => Promise<boolean>;
  submitting: boolean;
  player: PlayerHandle | null;
  /** The rate of the version shown (issue 43). */
  frameRate: FrameRate;
  /** A reply's composer (issue 45 part 4): its field's label, button, hint, Cancel and focus. */
  label?: string;
  submitLabel?: string;
  placeholder?: string;
  onCancel?: () => void;
  autoFocus?: boolean;
}

/** What the route hands the page: the pieces of the other features it is made of. */
export interface ReviewParts {
  Player: ComponentType<ReviewPlayerProps>;
  Composer: ComponentType<ReviewComposerProps>;
}

/**
 * The page a review link opens (issue 19): no account, no cookie, no app shell. The guest sees
 * each shared video with its player, details and comments, comments under a name (at a moment
 * of the video if they like), and approves or requests changes once per version. A newer
 * version sent to review replaces the one the guest was sent, with a notice, and the notes on
 * the versions before stay listed with them (issue 41). Refused links get a clear screen each.
 */
export function ReviewPage({ token, parts }: { token: string; parts: ReviewParts }) {
  useDocumentTitle(pageTitle('Review'));
  const [password, setPassword] = useState('');
  const page = useReviewPage(token, password);
  // The guest's name, asked once and used for every comment and decision on this page.
  const [name, setName] = useState('');

  if (page.isLoading) return <LoadingState label="Opening the review..." />;
  if (page.error) {
    const refusal = refusalOf(page.error);
    if (refusal?.reason === 'password' || refusal?.reason === 'wrong_password') {
      return <PasswordScreen wrong={refusal.reason === 'wrong_password'} onOpen={setPassword} />;
    }
    return <RefusedScreen refusal={refusal} />;
  }
  const data = page.data!;
  return (
    <Box component="main" bg="gray.0" mih="100dvh" py={{ base: 'md', sm: 'xl' }}>
      <Container size="md" px={{ base: 'sm', sm: 'md' }}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Text size="sm" c="dimmed" fw={600} tt="uppercase">
              Review for {data.client}
            </Text>
            <Title order={1} fz={{ base: 24, sm: 30 }}>
              {data.videos.length === 1 ? data.videos[0]!.name : `${data.videos.length} videos`}
            </Title>
            <Text size="sm" c="dimmed">
              This link works until <When iso={data.expiresAt} />. No account needed.
            </Text>
          </Stack>
          <Paper withBorder p="md" radius="md">
            <TextInput
              label="Your name"
              description="Shown with your comments and decisions"
              placeholder="e.g. Alex from Brightsmile"
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={60}
              autoComplete="name"
            />
          </Paper>
          {data.videos.map((video) => (
            <VideoReview
              key={video.id}
              video={video}
              token={token}
              password={password}
              name={name}
              parts={parts}
            />
          ))}
        </Stack>
      </Container>
    </Box>
  );
}

function refusalOf(error: unknown): ReviewRefusal | null {
  if (!(error instanceof ApiError)) return null;
  try {
    const parsed = reviewRefusalSchema.safeParse(JSON.parse(error.body));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const REFUSAL_TITLES: Record<ReviewRefusal['reason'], string> = {
  not_found: 'Link not found',
  expired: 'This link has expired',
  revoked: 'This link was turned off',
  password: 'Password needed',
  wrong_password: 'Password needed',
};

function RefusedScreen({ refusal }: { refusal: ReviewRefusal | null }) {
  return (
    <MessageScreen
      title={refusal ? REFUSAL_TITLES[refusal.reason] : 'Something went wrong'}
      color="red"
    >
      {refusal?.message ?? 'The review could not be opened. Please try again in a minute.'}
    </MessageScreen>
  );
}

function PasswordScreen({ wrong, onOpen }: { wrong: boolean; onOpen: (p: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <Box component="main" bg="gray.0">
      <Stack mih="100dvh" p="md" align="center" justify="center">
        <MessageCard title="Password needed">
          Whoever sent this link protected it with a password.
        </MessageCard>
        <Paper
          component="form"
          withBorder
          p="md"
          w="100%"
          maw={460}
          onSubmit={(e) => {
            e.preventDefault();
            if (value) onOpen(value);
          }}
        >
          <Stack gap="sm">
            <PasswordInput
              label="Password"
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              error={wrong ? 'That password is not right. Try again.' : undefined}
              autoFocus
            />
            <Button type="submit" disabled={!value}>
              Open the review
            </Button>
          </Stack>
        </Paper>
      </Stack>
    </Box>
  );
}

/**
 * A moment as the guest reads it (`day`: only its day), the zone named: in their language and
 * zone once the page is theirs, in English and UTC in a page the server drew until then
 * (useAfterDrawn). The two have the same shape: nothing moves when one becomes the other.
 */
function When({ iso, day = false }: { iso: string; day?: boolean }) {
  const own = useAfterDrawn();
  if (day) return own ? dayLabel(iso) : utcDayLabel(iso);
  return zonedMomentLabel(iso, !own);
}

function VideoReview({
  video,
  token,
  password,
  name,
  parts,
}: GuestActionProps & { parts: ReviewParts }) {
  const post = useGuestComment(token, password, video.id);
  const [nameError, setNameError] = useState<string | null>(null);
  /** A comment, or with `parentId` a reply in that comment's thread, under the guest's name. */
  const onComment = async (comment: NewComment, parentId?: string) => {
    // The name is asked once, at the top of the page: said here when it is missing.
    const checked = guestCommentBody.shape.name.safeParse(name);
    if (!checked.success) {
      setNameError(checked.error.issues[0]?.message ?? 'Please enter your name');
      return false;
    }
    setNameError(null);
    try {
      await post.mutateAsync({ name, version: video.version, ...comment, parentId });
      return true;
    } catch {
      return false;
    }
  };
  return (
    <GuestVideo
      video={video}
      parts={parts}
      decision={<Decision video={video} token={token} password={password} name={name} />}
      onComment={onComment}
      onReply={(parentId, reply) => onComment(reply, parentId)}
      commenting={post.isPending}
      commentError={
        nameError ??
        (post.error ? getErrorMessage(post.error, 'The comment could not be posted') : null)
      }
    />
  );
}

/**
 * One video of the page as the guest sees it: the version shown with its player, a notice when
 * it replaced the one sent, its comments and the composer, then the notes on earlier versions.
 */
export function GuestVideo({
  video,
  parts: { Player, Composer },
  decision,
  onComment,
  onReply,
  commenting,
  commentError,
}: {
  video: GuestVideoView;
  parts: ReviewParts;
  /** The Approve / Request changes part. */
  decision: ReactNode;
  onComment: ReviewComposerProps['onSubmit'];
  /** Posts a reply under the first comment `parentId` (issue 45 part 4); none: no Reply. */
  onReply?: (parentId: string, reply: NewComment) => Promise<boolean>;
  commenting: boolean;
  /** Why the last comment was not posted, if it was not. */
  commentError: string | null;
}) {
  const titleId = `review-video-${video.id}`;
  // The thread (its first comment's id) the guest is replying in.
  const [replyingTo, setReplyingTo] = useState<string | null>(null);
  const error = commentError && (
    <Text size="sm" c="red.8" role="alert">
      {commentError}
    </Text>
  );
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
    >
      <Player link={video.link} fallback={<OpenLink link={video.link} />}>
        {(player, handle) => (
          <Stack gap="md">
            <Group justify="space-between" align="flex-start" gap="xs">
              <Stack gap={2} miw={0} style={{ flex: 1 }}>
                <Title order={2} fz={{ base: 18, sm: 20 }} id={titleId}>
                  {video.name}
                </Title>
                <Text size="sm" c="dimmed">
                  {typeLabel(video.type)}
                  {video.dueDate && (
                    <>
                      {' · due '}
                      <When iso={video.dueDate} day />
                    </>
                  )}
                </Text>
              </Stack>
              <Group gap={6}>
                <VersionBadge version={video.version} />
                <StatusBadge status={video.status} />
              </Group>
            </Group>
            {video.notice && (
              <Alert color="blue" title={video.notice}>
                <Text size="sm">
                  You are looking at {onVersion(video.version)}. Notes on the versions before stay
                  with them, below.
                </Text>
              </Alert>
            )}
            {player}
            {video.description && <Text size="sm">{video.description}</Text>}
            {decision}
            <Divider label={`Comments on ${onVersion(video.version)}`} labelPosition="left" />
            <Stack gap="sm">
              {video.comments.length === 0 && (
                <Text size="sm" c="dimmed">
                  No comments on this version yet.
                </Text>
              )}
              <GuestComments
                video={video}
                handle={handle}
                reply={
                  onReply && {
                    to: replyingTo,
                    open: setReplyingTo,
                    composer: (parent) => (
                      <Stack gap={4}>
                        <Composer
                          onSubmit={async (reply) => {
                            // A reply has no time or drawing of its own: its note has them.
                            const ok = await onReply(parent.id, { content: reply.content });
                            if (ok) setReplyingTo(null);
                            return ok;
                          }}
                          submitting={commenting}
                          player={null}
                          frameRate={video.frameRate}
                          label={`Reply to ${guestAuthor(parent)}`}
                          submitLabel="Reply"
                          placeholder="Write a reply..."
                          onCancel={() => setReplyingTo(null)}
                          autoFocus
                        />
                        {error}
                      </Stack>
                    ),
                  }
                }
              />
            </Stack>
            <Stack gap={4}>
              <Composer
                onSubmit={onComment}
                submitting={commenting}
                player={handle}
                frameRate={video.frameRate}
              />
              {!replyingTo && error}
            </Stack>
            {video.earlier.length > 0 && <EarlierVersions video={video} />}
          </Stack>
        )}
      </Player>
    </Paper>
  );
}

/** A version in a sentence: 'v2', or 'the source' (the client's own link; 0 or null). */
const onVersion = (version: number | null) => (version ? versionLabel(version) : 'the source');

/** The version shown: 'v2', or 'Source' for the client's own link. */
function VersionBadge({ version }: { version: number | null }) {
  return (
    <Badge
      variant="outline"
      color="gray.7"
      tt="none"
      aria-label={`Version: ${versionLabel(version)}`}
    >
      {versionLabel(version)}
    </Badge>
  );
}

/**
 * The comments on the version shown, their drawings over its player (issue 43); each first
 * comment with its thread's replies under it (issue 45 part 4).
 */
function GuestComments({
  video,
  handle,
  reply,
}: {
  video: GuestVideoView;
  handle: PlayerHandle | null;
  /** The guest's replies: the thread replied in, opening a composer, and that composer. */
  reply?: {
    to: string | null;
    open: (threadId: string) => void;
    composer: (parent: GuestCommentView) => ReactNode;
  };
}) {
  const selectDrawing = useDrawingSelection(handle, video.comments, video.frameRate);
  const item = (c: GuestCommentView) => (
    <GuestComment
      key={c.id}
      comment={c}
      videoLink={video.link}
      handle={handle}
      frameRate={video.frameRate}
      {...selectDrawing(c)}
    />
  );
  return threadsOf(video.comments).map(({ comment, replies }) => (
    <Stack key={comment.id} gap="xs">
      {item(comment)}
      {(replies.length > 0 || reply?.to === comment.id) && (
        <Stack
          gap="xs"
          pl="sm"
          ml="xs"
          style={{ borderLeft: '2px solid var(--mantine-color-gray-3)' }}
        >
          {replies.map(item)}
          {reply?.to === comment.id && reply.composer(comment)}
        </Stack>
      )}
      {reply && reply.to !== comment.id && (
        <Button
          variant="subtle"
          size="compact-xs"
          color="violet"
          c="violet.9"
          style={{ alignSelf: 'flex-start' }}
          onClick={() => reply.open(comment.id)}
          aria-label={`Reply to ${guestAuthor(comment)}`}
        >
          Reply
        </Button>
      )}
    </Stack>
  ));
}

/** A comment's author as the page shows it: a guest's name marked as such. */
const guestAuthor = (c: GuestCommentView) => (c.guest ? guestLabel(c.author) : c.author);

function GuestComment({
  comment: c,
  videoLink,
  handle = null,
  frameRate,
  drawingShown,
  onShowDrawing,
}: {
  comment: GuestCommentView;
  videoLink: string;
  /** The player of the version the comment is on, when it is the one shown: timecodes seek it. */
  handle?: PlayerHandle | null;
  /** The rate of the version shown, with `handle` (issue 43). */
  frameRate?: FrameRate;
  drawingShown?: boolean;
  onShowDrawing?: () => void;
}) {
  const seek = handle?.tellsTime ? (seconds: number) => handle.seek(seconds) : undefined;
  return (
    <Box component="article" aria-label={`${c.parentId ? 'Reply' : 'Comment'} by ${c.author}`}>
      <Group gap={6}>
        <Text size="sm" fw={700}>
          {guestAuthor(c)}
        </Text>
        <Text size="xs" c="dimmed">
          <When iso={c.createdAt} />
        </Text>
        {c.carriedFrom !== null && (
          <Badge size="xs" variant="light" color="gray.7">
            from {onVersion(c.carriedFrom)}
          </Badge>
        )}
        {c.done && (
          <Badge size="xs" variant="light" color="teal.9">
            Done
          </Badge>
        )}
        {c.drawing && (
          <ShowDrawingButton drawingShown={drawingShown} onShowDrawing={onShowDrawing} />
        )}
      </Group>
      {c.timecode !== null && c.frame !== null && (
        <TimeChip
          timecode={c.timecode}
          seconds={frameRate ? frameToSeconds(c.frame, frameRate) : 0}
          onSeek={frameRate ? seek : undefined}
        />
      )}
      <RichText text={c.content} videoLink={videoLink} onSeek={seek} frameRate={frameRate} />
    </Box>
  );
}

/** The notes made through review links on the versions this link showed before, newest first. */
function EarlierVersions({ video }: { video: GuestVideoView }) {
  return (
    <Stack gap="sm" component="section" aria-label="Notes on earlier versions">
      <Divider label="Notes on earlier versions" labelPosition="left" />
      {video.earlier.map((group) => {
        const label = versionLabel(group.version);
        return (
          <Paper key={label} withBorder radius="md" p="sm" bg="gray.0">
            <Stack gap="xs">
              <Group justify="space-between" gap="xs">
                <Text size="sm" fw={700}>
                  {label}
                  {group.version === video.sentVersion ? ' (the version you were sent)' : ''}
                </Text>
                <Anchor href={group.link} target="_blank" rel="noopener noreferrer" size="sm">
                  Open {onVersion(group.version)}
                </Anchor>
              </Group>
              {group.decision && (
                <Text size="sm">
                  {group.decision.decision === 'approved' ? 'Approved' : 'Changes requested'} by{' '}
                  {guestLabel(group.decision.by)} on <When iso={group.decision.at} />
                </Text>
              )}
              {group.comments.map((c) => (
                <GuestComment key={c.id} comment={c} videoLink={group.link} />
              ))}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}

function OpenLink({ link }: { link: string }) {
  return (
    <Button component="a" href={link} target="_blank" rel="noopener noreferrer" variant="light">
      Open the video
    </Button>
  );
}

/** What a guest's comment form and decision buttons act with. */
interface GuestActionProps {
  video: GuestVideoView;
  token: string;
  password: string;
  name: string;
}

function Decision({ video, token, password, name }: GuestActionProps) {
  const decide = useGuestDecision(token, password, video.id);
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  if (video.decision) {
    const approved = video.decision.decision === 'approved';
    return (
      <Alert color={approved ? 'teal' : 'orange'}>
        <Text size="sm" fw={700}>
          {approved ? 'Approved' : 'Changes requested'}
        </Text>
        <Text size="sm">
          {guestLabel(video.decision.by)} on <When iso={video.decision.at} />. The team has been
          told.
        </Text>
      </Alert>
    );
  }
  if (!video.canDecide) {
    return (
      <Text size="sm" c="dimmed">
        {STATUS_LABELS[normalizeStatus(video.status)]}: nothing to decide right now. You can still
        comment.
      </Text>
    );
  }
  const send = (decision: 'approve' | 'request_changes') => {
    const body = {
      name,
      decision,
      version: video.version,
      ...(decision === 'request_changes' && { note }),
    };
    const checked = guestDecisionBody.safeParse(body);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Please check the form');
      return;
    }
    setProblem(null);
    decide.mutate(body);
  };
  return (
    <Paper bg="violet.0" p="sm" radius="md">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          Is {video.version === null ? 'this video' : versionLabel(video.version)} ready? You can
          decide once.
        </Text>
        {asking && (
          <Textarea
            label="What needs to change?"
            autosize
            minRows={2}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
          />
        )}
        {(problem ?? decide.error) && (
          <Text size="sm" c="red.8" role="alert">
            {problem ?? getErrorMessage(decide.error, 'The decision could not be sent')}
          </Text>
        )}
        <Group gap="xs" grow={false}>
          {!asking ? (
            <>
              <Button color="teal" onClick={() => send('approve')} loading={decide.isPending}>
                Approve
              </Button>
              <Button variant="default" onClick={() => setAsking(true)}>
                Request changes
              </Button>
            </>
          ) : (
            <>
              <Button
                color="orange"
                onClick={() => send('request_changes')}
                loading={decide.isPending}
              >
                Send change request
              </Button>
              <Anchor component="button" type="button" size="sm" onClick={() => setAsking(false)}>
                Cancel
              </Anchor>
            </>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
