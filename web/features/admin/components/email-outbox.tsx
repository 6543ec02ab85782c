import { Alert, Badge, Card, Paper, Stack, Table, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { OutboxView } from '@domain/email';
import { LoadingState } from '../../../components/loading-state';
import { getErrorMessage } from '../../../lib/api-client';
import { useEmailOutbox } from '../../../api/email';
import { useDesktopLayout } from '../../../hooks/use-phone-layout';
import { momentLabel } from '../../../lib/moment-label';

type Message = OutboxView['messages'][number];

const STATUS: Record<Message['status'], { label: string; color: string }> = {
  pending: { label: 'Waiting', color: 'gray' },
  sending: { label: 'Sending', color: 'blue' },
  sent: { label: 'Sent', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
};

const when = (iso: string | null) => (iso ? momentLabel(iso) : '');

/** One message's status line: what happened and, while it retries or after it failed, why. */
function StatusCell({ message, delivering }: { message: Message; delivering: boolean }) {
  const status = STATUS[message.status];
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={status.color} variant="light">
        {message.status === 'pending' && !delivering ? 'Kept (not sent)' : status.label}
      </Badge>
      {message.attempts > 0 && (
        <Text size="xs" c="dimmed">
          {message.attempts} {message.attempts === 1 ? 'attempt' : 'attempts'}
          {message.status === 'pending' ? `, next ${when(message.nextAttemptAt)}` : ''}
        </Text>
      )}
      {message.lastError && message.status !== 'sent' && (
        <Text size="xs" c="red" style={{ overflowWrap: 'anywhere' }}>
          {message.lastError}
        </Text>
      )}
    </Stack>
  );
}

interface ListProps {
  messages: readonly Message[];
  delivering: boolean;
}

/** The subject, and the message's first line of text under it. */
function Subject({ message }: { message: Message }) {
  return (
    <div>
      <Text size="sm" fw={500}>
        {message.subject}
      </Text>
      <Text size="xs" c="dimmed" lineClamp={2}>
        {message.textBody.split('\n').slice(2, 3).join(' ')}
      </Text>
    </div>
  );
}

/** When it was written and, once sent, when it went. */
function Created({ message }: { message: Message }) {
  return (
    <div>
      <Text size="sm">{when(message.createdAt)}</Text>
      {message.sentAt && (
        <Text size="xs" c="dimmed">
          sent {when(message.sentAt)}
        </Text>
      )}
    </div>
  );
}

/** The desktop table: to whom, subject, when and status, one row a message. */
function OutboxTable({ messages, delivering }: ListProps) {
  return (
    <Paper withBorder>
      <Table striped verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>To</Table.Th>
            <Table.Th>Subject</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {messages.map((m) => (
            <Table.Tr key={m.id}>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {m.toAddress}
                </Text>
              </Table.Td>
              <Table.Td>
                <Subject message={m} />
              </Table.Td>
              <Table.Td>
                <Created message={m} />
              </Table.Td>
              <Table.Td>
                <StatusCell message={m} delivering={delivering} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** The phone's list: one card a message, the table's four facts stacked in its order. */
function OutboxCards({ messages, delivering }: ListProps) {
  return (
    <Stack
      component="ul"
      gap="sm"
      m={0}
      p={0}
      aria-label="Email outbox"
      style={{ listStyle: 'none' }}
    >
      {messages.map((m) => (
        <li key={m.id}>
          <Card withBorder padding="sm" radius="md" component="article" aria-label={m.subject}>
            <Stack gap={6}>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {m.toAddress}
              </Text>
              <Subject message={m} />
              <Created message={m} />
              <StatusCell message={m} delivering={delivering} />
            </Stack>
          </Card>
        </li>
      ))}
    </Stack>
  );
}

/** The read of the outbox as the screen uses it (react-query's answer, or a test's). */
type OutboxRead = Pick<UseQueryResult<OutboxView>, 'data' | 'error' | 'isError'>;

/** The king's view of the email outbox (issue 19): every message, its status and its errors. */
export function EmailOutbox() {
  return <OutboxPanel outbox={useEmailOutbox(true)} />;
}

/** The outbox as it stands: the failure to read it, the wait, or its messages. */
export function OutboxPanel({ outbox }: { outbox: OutboxRead }) {
  // A table where its four columns fit; one card a message on a phone (no sideways scrolling).
  const desktop = useDesktopLayout();
  if (outbox.isError) {
    return (
      <Alert color="red" title="Failed to fetch the outbox" role="alert">
        {getErrorMessage(outbox.error, 'The outbox could not be loaded.')}
      </Alert>
    );
  }
  if (!outbox.data) return <LoadingState label="Loading the outbox" />;
  const { delivering, messages } = outbox.data;
  const failed = messages.filter((m) => m.status === 'failed').length;
  return (
    <Stack gap="md">
      {delivering ? (
        failed > 0 && (
          <Alert color="red" title={`${failed} ${failed === 1 ? 'email' : 'emails'} not delivered`}>
            The SMTP server refused them after every retry; the error is beside each one.
          </Alert>
        )
      ) : (
        <Alert color="yellow" title="Email is not being sent">
          SMTP_URL is not set, so messages are kept here and not delivered. Set SMTP_URL and
          MAIL_FROM and restart to send them.
        </Alert>
      )}
      {messages.length === 0 ? (
        <Text c="dimmed">No email yet. Messages appear here when someone is notified.</Text>
      ) : desktop ? (
        <OutboxTable messages={messages} delivering={delivering} />
      ) : (
        <OutboxCards messages={messages} delivering={delivering} />
      )}
    </Stack>
  );
}
