import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Radio,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  webhookEndpointBody,
  type WebhookEndpointView,
  type WebhookEvent,
  type WebhookFormat,
} from '@domain/webhooks';
import { ConfirmDialog, GuardedModal } from '../../../components/guarded-modal';
import { useCreateWebhook, useUpdateWebhook } from '../../../api/webhooks';
import { getErrorMessage } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';

interface Draft {
  name: string;
  url: string;
  format: WebhookFormat;
  events: WebhookEvent[];
  enabled: boolean;
}

const EMPTY: Draft = { name: '', url: '', format: 'json', events: [], enabled: true };

type Errors = Partial<Record<keyof Draft, string>>;

/**
 * Add or edit an endpoint (issue 46): a name, the URL, signed JSON or Slack, the events and
 * whether it is on. Checked with the server's own schema before it is sent; the server's refusal
 * (a private address, say) shows in the dialog. A new endpoint's secret goes to `onCreated`.
 */
export function EndpointDialog({
  opened,
  endpoint,
  onClose,
  onCreated,
}: {
  opened: boolean;
  /** The endpoint to edit; null adds one. */
  endpoint: WebhookEndpointView | null;
  onClose: () => void;
  onCreated: (secret: string, name: string) => void;
}) {
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;

  useEffect(() => {
    if (!opened) return;
    setDraft(endpoint ? { ...endpoint } : EMPTY);
    setErrors({});
    setFailure(null);
  }, [opened, endpoint]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = webhookEndpointBody.safeParse(draft);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Draft;
        found[key] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setFailure(null);
    const failed = (err: unknown) => setFailure(getErrorMessage(err, 'Please try again.'));
    if (endpoint) {
      // Only what changed: an address kept as it was is not checked again.
      const changed = Object.fromEntries(
        Object.entries(parsed.data).filter(
          ([key, value]) =>
            JSON.stringify(value) !== JSON.stringify(endpoint[key as keyof typeof parsed.data]),
        ),
      );
      update.mutate(
        { id: endpoint.id, ...changed },
        {
          onSuccess: () => {
            notifySuccess('Webhook saved', `${parsed.data.name} has been updated.`);
            onClose();
          },
          onError: failed,
        },
      );
    } else {
      create.mutate(parsed.data, {
        onSuccess: ({ secret, endpoint: made }) => {
          onClose();
          onCreated(secret, made.name);
        },
        onError: failed,
      });
    }
  };

  return (
    <ConfirmDialog
      opened={opened}
      onClose={onClose}
      pending={pending}
      title={endpoint ? 'Edit webhook' : 'Add webhook'}
      onSubmit={submit}
      confirm={{
        label: endpoint ? 'Save' : 'Add webhook',
        pendingLabel: endpoint ? 'Saving...' : 'Adding...',
      }}
    >
      {failure && (
        <Alert color="red" title="Not saved" role="alert">
          {failure}
        </Alert>
      )}
      <TextInput
        label="Name"
        required
        value={draft.name}
        error={errors.name}
        onChange={(e) => set('name', e.currentTarget.value)}
        data-autofocus
      />
      <TextInput
        label="URL"
        description="Where each event is POSTed (http:// or https://)"
        required
        type="url"
        inputMode="url"
        value={draft.url}
        error={errors.url}
        onChange={(e) => set('url', e.currentTarget.value)}
      />
      <Radio.Group label="Format" value={draft.format} onChange={(value) => set('format', value)}>
        <Stack gap={6} mt={6}>
          <Radio value="json" label="Signed JSON (your own receiver; checks the signature)" />
          <Radio value="slack" label="Slack (an incoming-webhook URL; a message per event)" />
        </Stack>
      </Radio.Group>
      <Checkbox.Group
        label="Events"
        required
        value={draft.events}
        error={errors.events}
        onChange={(value) => set('events', value)}
      >
        <Stack gap={6} mt={6}>
          {WEBHOOK_EVENTS.map((event) => (
            <Checkbox key={event} value={event} label={WEBHOOK_EVENT_LABELS[event]} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Switch
        label="On (deliveries are sent)"
        checked={draft.enabled}
        onChange={(e) => set('enabled', e.currentTarget.checked)}
      />
    </ConfirmDialog>
  );
}

/** The new endpoint's signing secret, shown this once, with a copy button. */
export function SecretDialog({
  shown,
  onClose,
}: {
  shown: { secret: string; name: string } | null;
  onClose: () => void;
}) {
  return (
    <GuardedModal opened={shown !== null} onClose={onClose} pending={false} title="Signing secret">
      {shown && (
        <Stack gap="md">
          <Text size="sm">
            <strong>{shown.name}</strong> was added. Copy its signing secret now: it is shown only
            this once. Your receiver checks each delivery’s signature with it.
          </Text>
          <Code block style={{ wordBreak: 'break-all' }} aria-label="Signing secret">
            {shown.secret}
          </Code>
          <Group justify="flex-end" gap="sm">
            <CopyButton value={shown.secret}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? 'Secret copied' : 'Copy secret'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </GuardedModal>
  );
}

/** The endpoint's name and notice that its deliveries go with it. */
export function DeleteEndpointDialog({
  endpoint,
  pending,
  onClose,
  onConfirm,
}: {
  endpoint: WebhookEndpointView | null;
  pending: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <ConfirmDialog
      opened={endpoint !== null}
      onClose={onClose}
      pending={pending}
      title="Delete webhook"
      confirm={{
        label: 'Delete webhook',
        pendingLabel: 'Deleting...',
        color: 'red.9',
        onConfirm,
        focusCancel: true,
      }}
    >
      {endpoint && (
        <Text size="sm">
          Delete <strong>{endpoint.name}</strong>? Nothing more is sent to it, and its delivery log
          is deleted with it.
        </Text>
      )}
    </ConfirmDialog>
  );
}
