import {
  Alert,
  Anchor,
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
import { schemaResolver, useForm } from '@mantine/form';
import { useDocumentTitle } from '@mantine/hooks';
import { useState, type ReactNode } from 'react';
import { guestLabel } from '@domain/comments';
import {
  guestCommentBody,
  guestDecisionBody,
  reviewRefusalSchema,
  type GuestCommentInput,
  type GuestVideoView,
  type ReviewRefusal,
} from '@domain/review-links';
import { normalizeStatus, STATUS_LABELS } from '@domain/video-status';
import { typeLabel } from '@domain/video-type-labels';
import { useGuestComment, useGuestDecision, useReviewPage } from '../../../api/review-links';
import { MessageCard, MessageScreen } from '../../../components/message-screen';
import { LoadingState } from '../../../components/loading-state';
import { RichText } from '../../../components/rich-text';
import { StatusBadge } from '../../../components/videos/status-badge';
import { ApiError, getErrorMessage } from '../../../lib/api-client';
import { pageTitle } from '../../../lib/site';

/**
 * The page a review link opens (issue 19): no account, no cookie, no app shell. The guest sees
 * each shared video with its player, details and comments, comments under a name, and approves
 * or requests changes once per video. Refused links get a clear screen each.
 */
export function ReviewPage({
  token,
  player,
}: {
  token: string;
  /** The video's player (the videos feature's, handed in by the route), else `fallback`. */
  player: (link: string, fallback: ReactNode) => ReactNode;
}) {
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
              This link works until{' '}
              {new Date(data.expiresAt).toLocaleString(undefined, {
                dateStyle: 'medium',
                timeStyle: 'short',
              })}
              . No account needed.
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
              player={player(video.link, <OpenLink link={video.link} />)}
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

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function VideoReview({
  video,
  token,
  password,
  name,
  player,
}: {
  video: GuestVideoView;
  token: string;
  password: string;
  name: string;
  player: ReactNode;
}) {
  const titleId = `review-video-${video.id}`;
  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
    >
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} miw={0} style={{ flex: 1 }}>
            <Title order={2} fz={{ base: 18, sm: 20 }} id={titleId}>
              {video.name}
            </Title>
            <Text size="sm" c="dimmed">
              {typeLabel(video.type)}
              {video.dueDate ? ` · due ${new Date(video.dueDate).toLocaleDateString()}` : ''}
            </Text>
          </Stack>
          <StatusBadge status={video.status} />
        </Group>
        {player}
        {video.description && <Text size="sm">{video.description}</Text>}
        <Decision video={video} token={token} password={password} name={name} />
        <Divider label="Comments" labelPosition="left" />
        <Stack gap="sm">
          {video.comments.length === 0 && (
            <Text size="sm" c="dimmed">
              No comments yet.
            </Text>
          )}
          {video.comments.map((c) => (
            <Box key={c.id} component="article" aria-label={`Comment by ${c.author}`}>
              <Group gap={6}>
                <Text size="sm" fw={700}>
                  {c.guest ? guestLabel(c.author) : c.author}
                </Text>
                <Text size="xs" c="dimmed">
                  {when(c.createdAt)}
                </Text>
              </Group>
              <RichText text={c.content} videoLink={video.link} />
            </Box>
          ))}
        </Stack>
        <CommentForm video={video} token={token} password={password} name={name} />
      </Stack>
    </Paper>
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

function CommentForm({ video, token, password, name }: GuestActionProps) {
  const post = useGuestComment(token, password, video.id);
  const form = useForm<GuestCommentInput>({
    initialValues: { name, content: '' },
    validate: schemaResolver(guestCommentBody, { sync: true }),
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        form.setFieldValue('name', name);
        const result = form.validate();
        if (result.hasErrors) return;
        post.mutate(
          { name, content: form.getValues().content },
          { onSuccess: () => form.setFieldValue('content', '') },
        );
      }}
    >
      <Stack gap="xs">
        <Textarea
          label="Add a comment"
          placeholder="What do you think? Timecodes like 0:42 are fine."
          autosize
          minRows={2}
          {...form.getInputProps('content')}
        />
        {form.errors.name && (
          <Text size="sm" c="red.8" role="alert">
            {form.errors.name}
          </Text>
        )}
        {post.error && (
          <Text size="sm" c="red.8" role="alert">
            {getErrorMessage(post.error, 'The comment could not be posted')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={post.isPending}>
            Post comment
          </Button>
        </Group>
      </Stack>
    </form>
  );
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
          {guestLabel(video.decision.by)} on {when(video.decision.at)}. The team has been told.
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
    const body = { name, decision, ...(decision === 'request_changes' && { note }) };
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
          Is this video ready? You can decide once.
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
