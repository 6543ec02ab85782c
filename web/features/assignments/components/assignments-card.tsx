import { displayName } from '@domain/people';
import { Badge, Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Assignment, ClientWithCounts } from '@domain/assignments';
import { notifications } from '@mantine/notifications';
import { useAssignments, useCreateAssignment, useDeleteAssignment } from '../../../api/assignments';
import { useClients } from '../../../api/clients';
import { DensityToggle, FilterButtons, QuickJump } from '../../../components/filter-buttons';
import { PersonCard } from '../../../components/person-card';
import { RemovableBadge } from '../../../components/removable-badge';
import { SectionCard } from '../../../components/section-card';
import { StatBox } from '../../../components/stat-box';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { CollapsibleSection, jumpTo } from '../../../components/collapsible-section';
import { CreateAssignmentDialog } from './create-assignment-dialog';
import { VipBadge } from '../../../components/vip-badge';

type StatusFilter = 'all' | 'unassigned' | 'assigned';

const nameOf = (u: { name: string | null; username: string }) => displayName(u);

/**
 * The Client-Editor Assignments card (docs/product.md#screens): statistics, quick jumps, search,
 * status filter, Detailed/Compact, and the Unassigned (open) and Assigned (closed) sections.
 */
export function AssignmentsCard() {
  const assignments = useAssignments();
  const clients = useClients();
  const unassign = useDeleteAssignment();
  const reassign = useCreateAssignment();
  const [creating, setCreating] = useState(false);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [compact, setCompact] = useState(false);
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

  // One click removes the pair; the toast offers Undo, which puts the same pair back.
  const undo = (a: Assignment) => {
    notifications.clean();
    reassign.mutate(
      { clientId: a.clientId, editorId: a.editorId },
      {
        onSuccess: () =>
          notifySuccess(
            'Assignment restored',
            `${nameOf(a.editor)} works with ${nameOf(a.client)} again.`,
          ),
        onError: (error) =>
          notifyError(
            'Failed to restore the assignment',
            getErrorMessage(error, 'An error occurred'),
          ),
      },
    );
  };
  const doUnassign = (a: Assignment) =>
    unassign.mutate(
      { clientId: a.clientId, editorId: a.editorId },
      {
        onSuccess: () => {
          notifications.clean();
          notifications.show({
            title: 'Editor unassigned successfully',
            color: 'teal',
            autoClose: 8000,
            message: (
              <Group gap="xs" justify="space-between" wrap="nowrap">
                <Text size="sm">
                  {nameOf(a.editor)} no longer works with {nameOf(a.client)}.
                </Text>
                <Button size="compact-sm" variant="light" onClick={() => undo(a)}>
                  Undo
                </Button>
              </Group>
            ),
          });
        },
        onError: (error) =>
          notifyError('Failed to unassign editor', getErrorMessage(error, 'An error occurred')),
      },
    );

  const clientRow = (c: ClientWithCounts) => {
    const pairs = byClient.get(c.id) ?? [];
    return (
      <PersonCard
        key={c.id}
        person={c}
        label={nameOf(c)}
        compact={compact}
        testId="assignment-client"
        nameBadges={c.isVip && <VipBadge />}
        detail={`@${c.username} · ${c.videoCount} ${c.videoCount === 1 ? 'video' : 'videos'}`}
      >
        {pairs.length === 0 && (
          <Badge color="orange" variant="light" c="dark.7">
            No editor
          </Badge>
        )}
        {pairs.map((a) => (
          <RemovableBadge
            key={a.id}
            label={nameOf(a.editor)}
            color="violet"
            action="Unassign"
            actionLabel={`Unassign ${nameOf(a.editor)} from ${nameOf(c)}`}
            onRemove={() => doUnassign(a)}
            disabled={unassign.isPending}
          />
        ))}
      </PersonCard>
    );
  };

  const loading = assignments.isLoading || clients.isLoading;
  const failed = assignments.isError || clients.isError;
  const nothing = !loading && !failed && unassigned.length + assigned.length === 0;
  // The status filter shows one section or both: Unassigned (open at first), then Assigned.
  const sections = (
    [
      { key: 'unassigned', title: 'Unassigned Clients', clients: unassigned },
      { key: 'assigned', title: 'Assigned Clients', clients: assigned },
    ] as const
  ).filter((section) => status === 'all' || status === section.key);

  return (
    <SectionCard
      titleId="assignments-title"
      title="Client-Editor Assignments"
      action={<Button onClick={() => setCreating(true)}>New Assignment</Button>}
    >
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <StatBox valueSize={22} label="Total Assignments" value={stats?.totalAssignments ?? '–'} />
        <StatBox valueSize={22} label="Unassigned" value={stats?.unassignedClients ?? '–'} />
        <StatBox
          valueSize={22}
          label="Health Score"
          value={stats ? `${stats.assignmentHealthScore}%` : '–'}
        />
        <StatBox
          valueSize={22}
          label="Avg per Editor"
          value={stats?.averageAssignmentsPerEditor ?? '–'}
        />
      </SimpleGrid>
      <QuickJump
        jumps={[
          {
            label: 'Unassigned',
            onJump: () =>
              jumpTo('assignments-unassigned', () => setOpen((o) => ({ ...o, unassigned: true }))),
          },
          {
            label: 'Assigned',
            onJump: () =>
              jumpTo('assignments-assigned', () => setOpen((o) => ({ ...o, assigned: true }))),
          },
        ]}
      />
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          type="search"
          placeholder="Search clients or editors..."
          aria-label="Search clients or editors"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          style={{ flex: '1 1 220px' }}
        />
        <FilterButtons
          label="Assignment status"
          options={[
            { value: 'all', label: `All Status (${unassigned.length + assigned.length})` },
            { value: 'unassigned', label: `Unassigned (${unassigned.length})` },
            { value: 'assigned', label: `Assigned (${assigned.length})` },
          ]}
          value={status}
          onChange={setStatus}
        />
        <DensityToggle label="Assignment view" compact={compact} onChange={setCompact} />
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
          {sections.map((section) => (
            <CollapsibleSection
              key={section.key}
              id={`assignments-${section.key}`}
              title={section.title}
              count={section.clients.length}
              opened={open[section.key]}
              onToggle={() => setOpen((o) => ({ ...o, [section.key]: !o[section.key] }))}
            >
              <Stack gap="xs">
                {section.clients.length ? (
                  section.clients.map(clientRow)
                ) : (
                  <Text c="dimmed">No assignments found</Text>
                )}
              </Stack>
            </CollapsibleSection>
          ))}
        </Stack>
      )}
      <CreateAssignmentDialog opened={creating} onClose={() => setCreating(false)} />
    </SectionCard>
  );
}
