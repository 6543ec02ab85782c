import { Alert, Badge, Button, Card, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import {
  WEBHOOK_EVENT_LABELS,
  type DeliveryStatus,
  type WebhookDeliveryView,
  type WebhookEndpointView,
  type WebhookEvent,
} from '@domain/webhooks';
import { ConfirmDialog } from '../../../components/guarded-modal';
import { EmptyState } from '../../../components/empty-state';
import { LoadingState } from '../../../components/loading-state';
import {
  useDeleteWebhook,
  useResendDelivery,
  useSaveWebhookSettings,
  useWebhookDeliveries,
  useWebhooks,
} from '../../../api/webhooks';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { DeleteEndpointDialog, EndpointDialog, SecretDialog } from './webhook-dialogs';
import { momentLabel } from '../../../lib/moment-label';

const STATUS: Record<DeliveryStatus, { label: string; color: string }> = {
  pending: { label: 'Waiting', color: 'gray' },
  sending: { label: 'Sending', color: 'blue' },
  delivered: { label: 'Delivered', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
};

const when = (iso: string | null) => (iso ? momentLabel(iso) : '');

const eventLabel = (event: string) => WEBHOOK_EVENT_LABELS[event as WebhookEvent] ?? event;

/** One delivery: event, outcome, attempts, times, the receiver's answer, and Send again. */
function DeliveryRow({
  endpointId,
  delivery,
}: {
  endpointId: string;
  delivery: WebhookDeliveryView;
}) {
  const resend = useResendDelivery();
  const status = STATUS[delivery.status];
  return (
    <Paper withBorder p="sm" component="li" style={{ listStyle: 'none' }}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={500}>
              {eventLabel(delivery.event)}
            </Text>
            <Badge color={status.color} variant="light">
              {status.label}
            </Badge>
            {delivery.statusCode !== null && (
              <Badge color="gray" variant="outline">
                HTTP {delivery.statusCode}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {when(delivery.createdAt)} · {delivery.attempts}{' '}
            {delivery.attempts === 1 ? 'attempt' : 'attempts'}
            {delivery.lastAttemptAt ? `, last ${when(delivery.lastAttemptAt)}` : ''}
            {delivery.nextAttemptAt && delivery.attempts > 0
              ? `, next ${when(delivery.nextAttemptAt)}`
              : ''}
          </Text>
          {delivery.error && delivery.status !== 'delivered' && (
            <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
              {delivery.error}
            </Text>
          )}
        </Stack>
        <Button
          size="compact-sm"
          variant="light"
          loading={resend.isPending}
          onClick={() =>
            resend.mutate(
              { id: endpointId, deliveryId: delivery.id },
              {
                onSuccess: () =>
                  notifySuccess(
                    'Queued again',
                    `${eventLabel(delivery.event)} will be sent again.`,
                  ),
                onError: (err) =>
                  notifyError('Could not send again', getErrorMessage(err, 'Please try again.')),
              },
            )
          }
        >
          Send again
        </Button>
      </Group>
    </Paper>
  );
}

/** An endpoint's newest deliveries, newest first. */
function DeliveryLog({ endpoint }: { endpoint: WebhookEndpointView }) {
  const log = useWebhookDeliveries(endpoint.id);
  if (log.isError)
    return (
      <Alert color="red" title="Could not load the delivery log">
        {getErrorMessage(log.error, 'Please try again.')}
      </Alert>
    );
  if (!log.data) return <LoadingState label="Loading the delivery log" />;
  if (!log.data.deliveries.length)
    return (
      <Text size="sm" c="dimmed">
        Nothing sent yet. Each event this endpoint chose appears here once it happens.
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" p={0} m={0} aria-label={`Deliveries to ${endpoint.name}`}>
      {log.data.deliveries.map((delivery) => (
        <DeliveryRow key={delivery.id} endpointId={endpoint.id} delivery={delivery} />
      ))}
    </Stack>
  );
}

/** One endpoint: what it is, what it hears, how it last went; edit, delete and its log. */
function EndpointCard({
  endpoint,
  onEdit,
  onDelete,
}: {
  endpoint: WebhookEndpointView;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const [open, setOpen] = useState(false);
  const last = endpoint.lastDelivery;
  const logId = `webhook-log-${endpoint.id}`;
  return (
    <Paper withBorder p="md" component="li" style={{ listStyle: 'none' }}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600}>{endpoint.name}</Text>
              <Badge variant="light" color={endpoint.format === 'slack' ? 'grape' : 'blue'}>
                {endpoint.format === 'slack' ? 'Slack' : 'Signed JSON'}
              </Badge>
              {!endpoint.enabled && (
                <Badge variant="light" color="gray">
                  Off
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {endpoint.url}
            </Text>
          </Stack>
          <Group gap="xs">
            <Button size="compact-sm" variant="default" onClick={onEdit}>
              Edit
            </Button>
            <Button size="compact-sm" variant="light" color="red" c="red.9" onClick={onDelete}>
              Delete
            </Button>
          </Group>
        </Group>
        <Text size="xs">{endpoint.events.map(eventLabel).join(' · ')}</Text>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed">
            {last
              ? `Last delivery: ${STATUS[last.status as DeliveryStatus]?.label ?? last.status}` +
                `${last.statusCode !== null ? ` (HTTP ${last.statusCode})` : ''}, ${when(last.at)}`
              : 'No deliveries yet'}
          </Text>
          <Button
            size="compact-sm"
            variant="subtle"
            aria-expanded={open}
            aria-controls={logId}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? 'Hide delivery log' : 'Delivery log'}
          </Button>
        </Group>
        {open && (
          <div id={logId}>
            <DeliveryLog endpoint={endpoint} />
          </div>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The king's webhooks (issue 46, docs/product.md): endpoints that hear the agency's events as
 * signed JSON or Slack messages, each with its delivery log and Send again, and the setting that
 * allows private addresses (asked for with a confirmation).
 */
export function WebhooksPanel() {
  return <WebhooksView query={useWebhooks()} />;
}

/** The panel over the list as read (a prop, so a test can draw each state). */
export function WebhooksView({
  query,
}: {
  query: Pick<ReturnType<typeof useWebhooks>, 'data' | 'error' | 'isError'>;
}) {
  const remove = useDeleteWebhook();
  const saveSettings = useSaveWebhookSettings();
  const [editing, setEditing] = useState<{ endpoint: WebhookEndpointView | null } | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpointView | null>(null);
  const [secret, setSecret] = useState<{ secret: string; name: string } | null>(null);
  const [askPrivate, setAskPrivate] = useState(false);

  if (query.isError)
    return (
      <Alert color="red" title="Could not load the webhooks">
        {getErrorMessage(query.error, 'Please try again.')}
      </Alert>
    );
  if (!query.data) return <LoadingState label="Loading webhooks" />;
  const { endpoints, settings } = query.data;

  const setPrivate = (allowPrivate: boolean) =>
    saveSettings.mutate(
      { allowPrivate },
      {
        onSuccess: () => {
          setAskPrivate(false);
          notifySuccess(
            allowPrivate ? 'Private addresses allowed' : 'Private addresses refused',
            allowPrivate
              ? 'Webhooks may now reach addresses on your own network.'
              : 'Webhooks reach public addresses only.',
          );
        },
        onError: (err) => notifyError('Could not save', getErrorMessage(err, 'Please try again.')),
      },
    );

  const add = <Button onClick={() => setEditing({ endpoint: null })}>Add webhook</Button>;

  return (
    <Card withBorder padding="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={2} style={{ flex: '1 1 260px' }}>
            <Text fw={600}>Webhooks</Text>
            <Text size="sm" c="dimmed">
              Tell another tool when videos are created, change status, get a version or a comment,
              are approved, sent back or paid, and when an invoice is issued. Failed deliveries are
              retried for 24 hours.
            </Text>
          </Stack>
          {endpoints.length > 0 && add}
        </Group>
        <Switch
          label="Allow private addresses"
          description="Loopback, your local network, link-local and cloud metadata addresses are refused unless this is on."
          checked={settings.allowPrivate}
          disabled={saveSettings.isPending}
          onChange={(e) => {
            if (e.currentTarget.checked) setAskPrivate(true);
            else setPrivate(false);
          }}
        />
        {endpoints.length === 0 ? (
          <EmptyState
            title="No webhooks yet"
            text="Add an endpoint (your own receiver, or a Slack incoming-webhook URL) to hear of events as they happen."
            action={add}
            titleOrder={4}
          />
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} aria-label="Webhook endpoints">
            {endpoints.map((endpoint) => (
              <EndpointCard
                key={endpoint.id}
                endpoint={endpoint}
                onEdit={() => setEditing({ endpoint })}
                onDelete={() => setDeleting(endpoint)}
              />
            ))}
          </Stack>
        )}
      </Stack>

      <EndpointDialog
        opened={editing !== null}
        endpoint={editing?.endpoint ?? null}
        onClose={() => setEditing(null)}
        onCreated={(value, name) => setSecret({ secret: value, name })}
      />
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
      <DeleteEndpointDialog
        endpoint={deleting}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          const { id, name } = deleting;
          remove.mutate(id, {
            onSuccess: () => {
              setDeleting(null);
              notifySuccess('Webhook deleted', `${name} has been deleted.`);
            },
            onError: (err) =>
              notifyError('Delete failed', getErrorMessage(err, 'Please try again.')),
          });
        }}
      />
      <ConfirmDialog
        opened={askPrivate}
        onClose={() => setAskPrivate(false)}
        pending={saveSettings.isPending}
        title="Allow private addresses?"
        confirm={{
          label: 'Allow',
          pendingLabel: 'Saving...',
          color: 'red.9',
          onConfirm: () => setPrivate(true),
          focusCancel: true,
        }}
      >
        <Text size="sm">
          Webhooks will be able to reach this server itself, machines on its network and the cloud’s
          metadata service. Turn this on only for a receiver you run on your own network.
        </Text>
      </ConfirmDialog>
    </Card>
  );
}
