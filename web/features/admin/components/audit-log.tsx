import {
  Alert,
  Button,
  Code,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Fragment, useState } from 'react';
import { AUDIT_KINDS, AUDIT_KIND_LABELS, AUDIT_PAGE_MAX, type AuditKind } from '@domain/audit';
import { auditQueryString, useAuditLog, type AuditFilters } from '../../../api/audit';
import { getErrorMessage } from '../../../lib/api-client';
import { momentLabel } from '../../../lib/moment-label';

const PAGE = 50;

const record = (value: unknown) =>
  value === null || value === undefined ? '(none)' : JSON.stringify(value, null, 2);

/**
 * The audit log for the king (issue 46 part 6; docs/product.md "Admin"): who changed people,
 * prices, plans, retainers, payments, payouts, invoices, webhooks and tokens, when, from where,
 * and each record before and after; filtered by kind, words and days, exported as CSV.
 */
export function AuditLog() {
  const [kind, setKind] = useState<AuditKind | null>(null);
  const [words, setWords] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [limit, setLimit] = useState(PAGE);
  const [open, setOpen] = useState<string | null>(null);
  const [q] = useDebouncedValue(words.trim(), 300);
  const filters: AuditFilters = {
    kind: kind ?? undefined,
    q: q || undefined,
    from: from || undefined,
    to: to || undefined,
  };
  const log = useAuditLog(filters, limit);
  const events = log.data?.events ?? [];

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={2} size="h4">
              Audit log
            </Title>
            <Text size="sm" c="dimmed">
              Every change to people, prices, plans, retainers, payments, payouts, invoices,
              webhooks and tokens. Entries cannot be changed or deleted.
            </Text>
          </div>
          <Button
            component="a"
            href={`/api/admin/audit.csv${auditQueryString(filters)}`}
            download
            variant="light"
          >
            Export CSV
          </Button>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          <Select
            label="Kind"
            placeholder="Every kind"
            clearable
            value={kind}
            onChange={(value) => {
              setKind(value);
              setLimit(PAGE);
            }}
            data={AUDIT_KINDS.map((k) => ({ value: k, label: AUDIT_KIND_LABELS[k] }))}
          />
          <TextInput
            label="Action or subject"
            placeholder="e.g. reset, invoice"
            value={words}
            onChange={(e) => {
              setWords(e.currentTarget.value);
              setLimit(PAGE);
            }}
          />
          <TextInput
            label="From"
            type="date"
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
          />
          <TextInput
            label="To"
            type="date"
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
          />
        </SimpleGrid>
        {log.isError ? (
          <Alert color="red" title="The audit log could not be read" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {getErrorMessage(log.error, 'Check your connection and try again.')}
              </Text>
              <Button size="xs" variant="default" onClick={() => void log.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : !log.data ? (
          <Text size="sm" role="status">
            Loading the audit log...
          </Text>
        ) : events.length === 0 ? (
          <Text size="sm" c="dimmed">
            No entries{kind || q || from || to ? ' match these filters' : ' yet'}.
          </Text>
        ) : (
          <>
            <Table.ScrollContainer minWidth={560}>
              <Table striped highlightOnHover aria-label="Audit log entries">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>When</Table.Th>
                    <Table.Th>Who</Table.Th>
                    <Table.Th>Kind</Table.Th>
                    <Table.Th>Action</Table.Th>
                    <Table.Th>Subject</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {events.map((e) => (
                    <Fragment key={e.id}>
                      <Table.Tr>
                        <Table.Td>
                          <UnstyledButton
                            onClick={() => setOpen(open === e.id ? null : e.id)}
                            aria-expanded={open === e.id}
                            aria-label={`${momentLabel(e.at)}: ${open === e.id ? 'hide' : 'show'} before and after`}
                            fz="sm"
                            td="underline"
                          >
                            {momentLabel(e.at)}
                          </UnstyledButton>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{e.actorName}</Text>
                          {e.address && (
                            <Text size="xs" c="dimmed">
                              {e.address}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{AUDIT_KIND_LABELS[e.kind]}</Text>
                        </Table.Td>
                        <Table.Td>{e.action}</Table.Td>
                        <Table.Td>{e.subject ?? ''}</Table.Td>
                      </Table.Tr>
                      {open === e.id && (
                        <Table.Tr>
                          <Table.Td colSpan={5}>
                            <SimpleGrid cols={{ base: 1, sm: 2 }}>
                              <div>
                                <Text size="xs" fw={600}>
                                  Before
                                </Text>
                                <Code block>{record(e.before)}</Code>
                              </div>
                              <div>
                                <Text size="xs" fw={600}>
                                  After
                                </Text>
                                <Code block>{record(e.after)}</Code>
                              </div>
                            </SimpleGrid>
                          </Table.Td>
                        </Table.Tr>
                      )}
                    </Fragment>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="space-between">
              <Text size="xs" c="dimmed" aria-live="polite">
                {events.length} of {log.data.total}
              </Text>
              {events.length < log.data.total && limit < AUDIT_PAGE_MAX && (
                <Button
                  variant="default"
                  size="xs"
                  loading={log.isFetching}
                  onClick={() => setLimit(Math.min(limit + PAGE, AUDIT_PAGE_MAX))}
                >
                  Show more
                </Button>
              )}
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}
