import { Button, Card, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import {
  TEAM_SECTIONS,
  teamSectionOf,
  teamSections,
  teamStats,
  type TeamSectionKey,
} from '@domain/lead-dashboard';
import { TEAM_LEADS_LABEL } from '@domain/roles';
import type { PublicUser } from '@domain/user';
import { useAssignments } from '../../../api/assignments';
import { LoadingState } from '../../../components/loading-state';
import { useTeamLeadAssignments } from '../../team-leads/api/get-team-lead-assignments';
import { useTeam } from '../api/get-team';
import { CollapsibleSection, jumpTo } from '../../../components/collapsible-section';
import { MemberCard } from './member-card';

function StatBox({ label, value, detail }: { label: string; value: number; detail?: string }) {
  return (
    <Card withBorder padding="sm" radius="md">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fz={24} fw={700}>
        {value}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Card>
  );
}

const sectionId = (key: TeamSectionKey) => `team-section-${key}`;

/**
 * The lead dashboard's team tab (SPEC.md section 2): stat boxes, Quick Jump, role filter,
 * Detailed/Compact and collapsible role sections, then `cards` with the team's client team
 * leads (the Client-Editor Assignments and Client Team Leads cards, given by web/app).
 */
export function TeamTab({
  search,
  cards,
}: {
  search: string;
  cards: (teamLeads: PublicUser[]) => ReactNode;
}) {
  const team = useTeam();
  const assignments = useAssignments();
  const teamLeadPairs = useTeamLeadAssignments();
  const [roleFilter, setRoleFilter] = useState<TeamSectionKey | 'all'>('all');
  const [compact, setCompact] = useState(false);
  const [closed, setClosed] = useState<Set<TeamSectionKey>>(new Set());

  if (team.isLoading) return <LoadingState label="Loading team..." />;
  if (team.isError) {
    return (
      <Text c="red.8" role="alert">
        Failed to load the team. Try Refresh.
      </Text>
    );
  }
  const members = team.data ?? [];
  const stats = teamStats(members);
  const present = TEAM_SECTIONS.filter((s) => members.some((m) => teamSectionOf(m.role) === s.key));
  const sections = teamSections(members, search, roleFilter).filter((s) => s.members.length > 0);

  const byId = new Map(members.map((m) => [m.id, m]));
  const linked = new Map<string, PublicUser[]>();
  for (const a of assignments.data?.assignments ?? []) {
    const client = byId.get(a.clientId) ?? a.client;
    const editor = byId.get(a.editorId) ?? a.editor;
    linked.set(a.editorId, [...(linked.get(a.editorId) ?? []), client]);
    linked.set(a.clientId, [...(linked.get(a.clientId) ?? []), editor]);
  }
  // A client team lead's card lists the clients it leads.
  for (const p of teamLeadPairs.data ?? []) {
    linked.set(p.teamLeadId, [
      ...(linked.get(p.teamLeadId) ?? []),
      byId.get(p.clientId) ?? p.client,
    ]);
  }

  const setOpen = (key: TeamSectionKey, open: boolean) =>
    setClosed((prev) => {
      const next = new Set(prev);
      if (open) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
        <StatBox label="Team Members" value={stats.total} />
        <StatBox label="System Admins" value={stats.admins} />
        <StatBox
          label="All Editors"
          value={stats.allEditors}
          detail={`${stats.leadEditors} lead · ${stats.regularEditors} regular`}
        />
        <StatBox label={TEAM_LEADS_LABEL} value={stats.teamLeads} />
        <StatBox label="Clients" value={stats.clients} />
      </SimpleGrid>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          Quick Jump:
        </Text>
        {present.map((s) => (
          <Button
            key={s.key}
            size="xs"
            variant="light"
            onClick={() => {
              if (roleFilter !== 'all' && roleFilter !== s.key) setRoleFilter('all');
              jumpTo(sectionId(s.key), () => setOpen(s.key, true));
            }}
          >
            {s.label}
          </Button>
        ))}
      </Group>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap={6} wrap="wrap" role="group" aria-label="Filter by role">
          <Button
            size="xs"
            variant={roleFilter === 'all' ? 'filled' : 'default'}
            aria-pressed={roleFilter === 'all'}
            onClick={() => setRoleFilter('all')}
          >
            All Roles
          </Button>
          {present.map((s) => (
            <Button
              key={s.key}
              size="xs"
              variant={roleFilter === s.key ? 'filled' : 'default'}
              aria-pressed={roleFilter === s.key}
              onClick={() => setRoleFilter(s.key)}
            >
              {s.label}
            </Button>
          ))}
        </Group>
        <SegmentedControl
          aria-label="Team view"
          value={compact ? 'compact' : 'detailed'}
          onChange={(v) => setCompact(v === 'compact')}
          data={[
            { value: 'detailed', label: 'Detailed' },
            { value: 'compact', label: 'Compact' },
          ]}
        />
      </Group>
      {sections.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          No team members found
        </Text>
      ) : (
        <Stack gap="sm">
          {sections.map((s) => (
            <CollapsibleSection
              key={s.key}
              id={sectionId(s.key)}
              title={s.label}
              count={s.members.length}
              opened={!closed.has(s.key)}
              onToggle={() => setOpen(s.key, closed.has(s.key))}
            >
              <SimpleGrid cols={{ base: 1, sm: 2, lg: compact ? 3 : 2 }} spacing="xs">
                {s.members.map((m) => (
                  <MemberCard
                    key={m.id}
                    member={m}
                    linked={linked.get(m.id) ?? []}
                    compact={compact}
                  />
                ))}
              </SimpleGrid>
            </CollapsibleSection>
          ))}
        </Stack>
      )}
      {cards(members.filter((m) => teamSectionOf(m.role) === 'client_team_lead'))}
    </Stack>
  );
}
