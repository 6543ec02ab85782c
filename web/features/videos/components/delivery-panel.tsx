import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { DELIVERY_MESSAGES, deliverySideOf } from '@domain/delivery';
import type { PublicUser } from '@domain/user';
import type { VideoView } from '@domain/videos';
import { useSetDelivery } from '../../../api/videos';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError } from '../../../lib/notify';
import { IconExternal } from '../../../components/videos/video-icons';

/**
 * A video's delivery (issue 44, docs/rules.md#delivery): the agency sets or clears the link; the
 * client side opens it, or reads why it is locked. Nothing when there is nothing to show.
 */
export function DeliveryPanel({ video, viewer }: { video: VideoView; viewer: PublicUser }) {
  if (deliverySideOf(viewer) === 'agency') return <DeliveryEditor video={video} />;
  const delivery = video.delivery;
  if (!delivery) return null;
  return (
    <Paper withBorder radius="sm" p="sm" component="section" aria-label="Delivery">
      <Stack gap="xs">
        <Title order={3} fz="sm">
          Delivery
        </Title>
        {'link' in delivery ? (
          <Button
            component="a"
            href={delivery.link}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<IconExternal />}
            fullWidth
          >
            {DELIVERY_MESSAGES.openButton}
          </Button>
        ) : (
          <Alert color="yellow" variant="light" title="Delivery locked">
            {delivery.locked}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function DeliveryEditor({ video }: { video: VideoView }) {
  const current = video.delivery && 'link' in video.delivery ? video.delivery.link : '';
  const [text, setText] = useState(current);
  const save = useSetDelivery();

  const send = (link: string | null, previous: string | null, undoing = false) =>
    save.mutate(
      { id: video.id, link },
      {
        onSuccess: (saved) => {
          const now = saved.delivery && 'link' in saved.delivery ? saved.delivery.link : '';
          setText(now);
          notifications.clean();
          notifications.show({
            color: 'teal',
            title: undoing
              ? DELIVERY_MESSAGES.restored
              : link
                ? DELIVERY_MESSAGES.saved
                : DELIVERY_MESSAGES.cleared,
            message: undoing ? (
              ''
            ) : (
              <Group gap="xs" justify="space-between">
                <Text size="sm">{now || 'No delivery link'}</Text>
                <Button
                  size="compact-xs"
                  variant="light"
                  onClick={() => send(previous, null, true)}
                >
                  Undo
                </Button>
              </Group>
            ),
          });
        },
        onError: (error) =>
          notifyError('Could not save', getErrorMessage(error, 'Please try again.')),
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const link = text.trim();
    send(link || null, current || null);
  };

  return (
    <Paper withBorder radius="sm" p="sm" component="section" aria-label="Delivery">
      <form onSubmit={submit} noValidate>
        <Stack gap="xs">
          <TextInput
            label="Delivery link"
            description="Where the final master lives (Drive folder, Frame.io share, file URL)"
            placeholder="https://"
            type="url"
            maxLength={2000}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <Group gap="xs" justify="flex-end">
            {current && (
              <Button
                variant="subtle"
                color="red"
                size="xs"
                loading={save.isPending && save.variables?.link === null}
                onClick={() => send(null, current)}
              >
                Remove
              </Button>
            )}
            <Button
              type="submit"
              size="xs"
              disabled={text.trim() === current}
              loading={save.isPending && save.variables?.link !== null}
            >
              Set delivery link
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
