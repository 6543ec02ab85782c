import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useState } from 'react';
import type { Assignment, ClientWithCounts } from '../../../../domain/assignments';
import { useAssignments, useDeleteAssignment } from '../../../api/assignments';
import { useClients } from '../../../api/clients';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { CollapsibleSection, jumpTo } from '../../../components/collapsible-section';
import { CreateAssignmentDialog } from './create-assignment-dialog';

type StatusFilter = 'all' | 'unassigned' | 'assigned';
type View = 'detailed' | 'compact';

const nameOf = (u: { name: string | null; username: string }) => u.name || u.username;

function StatBox({ label, value }: { label: string; value: string | number }) {
  return (
    <Card withBorder padding="sm" radius="md">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fz={22} fw={700}>
        {value}
      </Text>
    </Card>
  );
}

/**
 * The Client-Editor Assignments card (SPEC.md section 2): statistics, quick jumps, search,
 * status filter, Detailed/Compact, and the Unassigned (open) and Assigned (closed) sections.
 */
export function AssignmentsCard() {
  const assignments = useAssignments();
  const clients = useClients();
  const unassign = useDeleteAssignment();
  const [creating, setCreating] = useState(false);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [view, setView] = useState<View>('detailed');
  const [open, setOpen] = useState({ unassigned: true, assigned: false });

  const byClient = new Map<string, Assignment[]>();
  for (const a of assignments.data?.assignments ?? []) {
    byClient.set(a.clientId, [...(byClient.get(a.clientId) ?? []), a]);
  }
  const q = search.trim().toLowerCase();
  const matches = (c: ClientWithCounts) => {
    if (!q) return true;
    const people = [c, ...(byClient.get(c.id) ?? []).map((a) => a.editor)];
    return people.some(
      (p) => p.username.toLowerCase().includes(q) || (p.name ?? '').toLowerCase().includes(q),
    );
  };
  const all = (clients.data ?? []).filter(matches);
  const unassigned = all.filter((c) => !byClient.has(c.id));
  const assigned = all.filter((c) => byClient.has(c.id));
  const stats = assignments.data?.statistics;

  const doUnassign = (a: Assignment) =>
    unassign.mutate(
      { clientId: a.clientId, editorId: a.editorId },
      {
        onSuccess: () =>
          notifySuccess(
            'Editor unassigned successfully',
            `${nameOf(a.editor)} no longer works with ${nameOf(a.client)}.`,
          ),
        onError: (error) =>
          notifyError('Failed to unassign editor', getErrorMessage(error, 'An error occurred')),
      },
    );

  const clientRow = (c: ClientWithCounts) => {
    const pairs = byClient.get(c.id) ?? [];
    return (
      <Card
        key={c.id}
        withBorder
        padding={view === 'compact' ? 'xs' : 'sm'}
        radius="md"
        data-testid="assignment-client"
        aria-label={nameOf(c)}
        component="article"
      >
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="sm" wrap="nowrap" miw={0}>
            {view === 'detailed' && <Avatar src={c.avatarUrl} alt="" name={nameOf(c)} size="md" />}
            <div style={{ minWidth: 0 }}>
              <Group gap={6} wrap="nowrap">
                <Text fw={600} truncate>
                  {nameOf(c)}
                </Text>
                {c.isVip && (
                  <Badge color="yellow" variant="filled" c="dark.8" size="sm">
                    VIP
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                @{c.username} · {c.videoCount} {c.videoCount === 1 ? 'video' : 'videos'}
              </Text>
            </div>
          </Group>
          <Group gap={6}>
            {pairs.length === 0 && (
              <Badge color="orange" variant="light" c="dark.7">
                No editor
              </Badge>
            )}
            {pairs.map((a) => (
              <Badge
                key={a.id}
                variant="light"
                color="violet"
                c="violet.9"
                size="lg"
                pr={3}
                rightSection={
                  <Tooltip label="Unassign">
                    <ActionIcon
                      size="xs"
                      variant="transparent"
                      color="violet"
                      c="violet.9"
                      aria-label={`Unassign ${nameOf(a.editor)} from ${nameOf(c)}`}
                      onClick={() => doUnassign(a)}
                      disabled={unassign.isPending}
                    >
                      ×
                    </ActionIcon>
                  </Tooltip>
                }
              >
                {nameOf(a.editor)}
              </Badge>
            ))}
          </Group>
        </Group>
      </Card>
    );
  };

  const loading = assignments.isLoading || clients.isLoading;
  const failed = assignments.isError || clients.isError;
  const nothing = !loading && !failed && unassigned.length + assigned.length === 0;
  const showUnassigned = status !== 'assigned';
  const showAssigned = status !== 'unassigned';

  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      component="section"
      aria-labelledby="assignments-title"
    >
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} fz="lg" id="assignments-title">
            Client-Editor Assignments
          </Title>
          <Button onClick={() => setCreating(true)}>New Assignment</Button>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <StatBox label="Total Assignments" value={stats?.totalAssignments ?? '–'} />
          <StatBox label="Unassigned" value={stats?.unassignedClients ?? '–'} />
          <StatBox label="Health Score" value={stats ? `${stats.assignmentHealthScore}%` : '–'} />
          <StatBox label="Avg per Editor" value={stats?.averageAssignmentsPerEditor ?? '–'} />
        </SimpleGrid>
        <Group gap="xs" wrap="wrap">
          <Text size="sm" fw={500}>
            Quick Jump:
          </Text>
          <Button
            size="xs"
            variant="light"
            onClick={() =>
              jumpTo('assignments-unassigned', () => setOpen((o) => ({ ...o, unassigned: true })))
            }
          >
            Unassigned
          </Button>
          <Button
            size="xs"
            variant="light"
            onClick={() =>
              jumpTo('assignments-assigned', () => setOpen((o) => ({ ...o, assigned: true })))
            }
          >
            Assigned
          </Button>
        </Group>
        <Group gap="sm" wrap="wrap" align="flex-end">
          <TextInput
            type="search"
            placeholder="Search clients or editors..."
            aria-label="Search clients or editors"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            style={{ flex: '1 1 220px' }}
          />
          <Group gap={6} wrap="wrap" role="group" aria-label="Assignment status">
            {(
              [
                ['all', `All Status (${unassigned.length + assigned.length})`],
                ['unassigned', `Unassigned (${unassigned.length})`],
                ['assigned', `Assigned (${assigned.length})`],
              ] as const
            ).map(([value, label]) => (
              <Button
                key={value}
                size="xs"
                variant={status === value ? 'filled' : 'default'}
                aria-pressed={status === value}
                onClick={() => setStatus(value)}
              >
                {label}
              </Button>
            ))}
          </Group>
          <SegmentedControl
            aria-label="Assignment view"
            value={view}
            onChange={(v) => setView(v as View)}
            data={[
              { value: 'detailed', label: 'Detailed' },
              { value: 'compact', label: 'Compact' },
            ]}
          />
        </Group>
        {loading && (
          <Text c="dimmed" role="status">
            Loading assignments...
          </Text>
        )}
        {failed && (
          <Text c="red.8" role="alert">
            Failed to fetch assignments
          </Text>
        )}
        {nothing && <Text c="dimmed">No assignments found</Text>}
        {!loading && !failed && !nothing && (
          <Stack gap="sm">
            {showUnassigned && (
              <CollapsibleSection
                id="assignments-unassigned"
                title="Unassigned Clients"
                count={unassigned.length}
                opened={open.unassigned}
                onToggle={() => setOpen((o) => ({ ...o, unassigned: !o.unassigned }))}
              >
                <Stack gap="xs">
                  {unassigned.length ? (
                    unassigned.map(clientRow)
                  ) : (
                    <Text c="dimmed">No assignments found</Text>
                  )}
                </Stack>
              </CollapsibleSection>
            )}
            {showAssigned && (
              <CollapsibleSection
                id="assignments-assigned"
                title="Assigned Clients"
                count={assigned.length}
                opened={open.assigned}
                onToggle={() => setOpen((o) => ({ ...o, assigned: !o.assigned }))}
              >
                <Stack gap="xs">
                  {assigned.length ? (
                    assigned.map(clientRow)
                  ) : (
                    <Text c="dimmed">No assignments found</Text>
                  )}
                </Stack>
              </CollapsibleSection>
            )}
          </Stack>
        )}
      </Stack>
      <CreateAssignmentDialog opened={creating} onClose={() => setCreating(false)} />
    </Card>
  );
}
