import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Modal,
  NativeSelect,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { guestLabel } from '@domain/comments';
import {
  createReviewLinkBody,
  DEFAULT_REVIEW_EXPIRY_DAYS,
  REVIEW_EXPIRY_DAYS,
  REVIEW_LINK_STATE_LABELS,
  reviewPath,
  type ReviewLinkView,
} from '@domain/review-links';
import { LoadingState } from '../../../components/loading-state';
import {
  useCreateReviewLink,
  useReviewLinks,
  useRevokeReviewLink,
} from '../../../api/review-links';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { momentLabel } from '../../../lib/moment-label';

// Dark shades: white on them meets the contrast the axe scans ask for.
const STATE_COLORS: Record<ReviewLinkView['state'], string> = {
  active: 'teal.9',
  expired: 'gray.7',
  revoked: 'red.9',
  creator_lost_access: 'orange.9',
};

/**
 * "Share for review" (issue 19): makes a link someone without an account can open, with an
 * expiry and an optional password, shows it once to copy (only its hash is kept), and lists
 * the video's links, whoever made them, to revoke. Revoking asks first.
 */
export function ShareReviewDialog({
  videoId,
  opened,
  onClose,
}: {
  videoId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const links = useReviewLinks(videoId, { enabled: opened });
  const create = useCreateReviewLink(videoId);
  const revoke = useRevokeReviewLink(videoId);
  const [days, setDays] = useState(String(DEFAULT_REVIEW_EXPIRY_DAYS));
  const [password, setPassword] = useState('');
  const [made, setMade] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);

  const submit = () => {
    const body = { videoIds: [videoId], expiresInDays: Number(days), password };
    const checked = createReviewLinkBody.safeParse(body);
    if (!checked.success) {
      notifyError('Link not created', checked.error.issues[0]?.message ?? 'Check the form');
      return;
    }
    create.mutate(body, {
      onSuccess: (link) => {
        setMade(`${window.location.origin}${reviewPath(link.token)}`);
        setPassword('');
      },
      onError: (err) => notifyError('Link not created', getErrorMessage(err, 'Please try again')),
    });
  };

  return (
    <Modal
      opened={opened}
      onClose={() => {
        setMade(null);
        onClose();
      }}
      title="Share for review"
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="lg"
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Anyone with the link can watch this video, read and write comments, and approve it or
          request changes once, without an account. Internal notes and prices stay hidden.
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NativeSelect
            label="Expires after"
            value={days}
            onChange={(e) => setDays(e.currentTarget.value)}
            data={REVIEW_EXPIRY_DAYS.map((d) => ({
              value: String(d),
              label: d === 1 ? '1 day' : `${d} days`,
            }))}
          />
          <PasswordInput
            label="Password (optional)"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            autoComplete="new-password"
            style={{ flex: 1, minWidth: 180 }}
          />
          <Button onClick={submit} loading={create.isPending}>
            Create link
          </Button>
        </Group>
        {made && (
          <Alert color="teal">
            <Stack gap="xs">
              <Text size="sm" fw={700}>
                Link created
              </Text>
              <Text size="sm">Copy it now: for safety it is shown only this once.</Text>
              <Group gap="xs" wrap="nowrap">
                <TextInput
                  aria-label="Review link"
                  value={made}
                  readOnly
                  onFocus={(e) => e.currentTarget.select()}
                  style={{ flex: 1 }}
                />
                <CopyButton value={made}>
                  {({ copied, copy }) => (
                    <Button
                      color={copied ? 'teal' : 'violet'}
                      onClick={() => {
                        copy();
                        notifySuccess('Link copied');
                      }}
                    >
                      {copied ? 'Copied' : 'Copy link'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          </Alert>
        )}
        <Title order={3} size="h6">
          Links to this video
        </Title>
        <Text size="sm" c="dimmed">
          Every link to this video, whoever made it. A link stops working once its creator may no
          longer share the video.
        </Text>
        {links.isLoading ? (
          <LoadingState label="Loading links..." />
        ) : !links.data?.length ? (
          <Text size="sm" c="dimmed">
            No review links yet.
          </Text>
        ) : (
          <Stack gap="xs">
            {links.data.map((link) => (
              <Paper
                key={link.id}
                withBorder
                p="sm"
                aria-label={`Review link of ${momentLabel(link.createdAt)}`}
              >
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Stack gap={2}>
                    <Group gap={6}>
                      <Badge color={STATE_COLORS[link.state]} variant="filled">
                        {REVIEW_LINK_STATE_LABELS[link.state]}
                      </Badge>
                      {link.hasPassword && (
                        <Badge color="gray" variant="outline">
                          password
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed">
                      Made {momentLabel(link.createdAt)}
                      {link.createdBy ? ` by ${link.createdBy}` : ' by a deleted account'} ·{' '}
                      {link.state === 'revoked' && link.revokedAt
                        ? `revoked ${momentLabel(link.revokedAt)}`
                        : `${link.state === 'expired' ? 'expired' : 'expires'} ${momentLabel(link.expiresAt)}`}
                    </Text>
                    {link.decisions.map((d) => (
                      <Text key={d.videoId} size="xs">
                        {d.decision === 'approved' ? 'Approved' : 'Changes requested'} by{' '}
                        {guestLabel(d.by)}
                      </Text>
                    ))}
                  </Stack>
                  {(link.state === 'active' || link.state === 'creator_lost_access') &&
                    (confirming === link.id ? (
                      <Group gap="xs" role="group" aria-label="Revoke this link?">
                        <Text size="xs">Guests can no longer open it.</Text>
                        <Button size="xs" variant="default" onClick={() => setConfirming(null)}>
                          Cancel
                        </Button>
                        <Button
                          size="xs"
                          color="red.9"
                          loading={revoke.isPending && revoke.variables === link.id}
                          onClick={() =>
                            revoke.mutate(link.id, {
                              onSuccess: () => {
                                setConfirming(null);
                                notifySuccess('Link revoked');
                              },
                              onError: (err) =>
                                notifyError(
                                  'Not revoked',
                                  getErrorMessage(err, 'Please try again'),
                                ),
                            })
                          }
                        >
                          Revoke link
                        </Button>
                      </Group>
                    ) : (
                      <Button
                        size="xs"
                        color="red.9"
                        variant="outline"
                        onClick={() => setConfirming(link.id)}
                      >
                        Revoke
                      </Button>
                    ))}
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
