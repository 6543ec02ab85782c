import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import {
  TEAM_SECTIONS,
  teamSectionOf,
  teamSections,
  type TeamSectionKey,
} from '@domain/lead-dashboard';
import { peopleCounts, ROLE_GROUP_LABELS } from '@domain/people';
import type { PublicUser } from '@domain/user';
import { useAssignments } from '../../../api/assignments';
import { DensityToggle, FilterButtons, QuickJump } from '../../../components/filter-buttons';
import { LoadingState } from '../../../components/loading-state';
import { StatBox } from '../../../components/stat-box';
import { useTeamLeadAssignments } from '../../../api/team-leads';
import { useTeam } from '../../../api/users';
import { CollapsibleSection, jumpTo } from '../../../components/collapsible-section';
import { MemberCard } from './member-card';

const sectionId = (key: TeamSectionKey) => `team-section-${key}`;

/**
 * The lead dashboard's team tab (docs/product.md#screens): stat boxes, Quick Jump, role filter,
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
  const stats = peopleCounts(members);
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
        <StatBox label={ROLE_GROUP_LABELS.king} value={stats.systemAdmins} />
        <StatBox
          label="All Editors"
          value={stats.allEditors}
          detail={`${stats.leadEditors} lead · ${stats.regularEditors} regular`}
        />
        <StatBox label={ROLE_GROUP_LABELS.client_team_lead} value={stats.teamLeads} />
        <StatBox label={ROLE_GROUP_LABELS.client} value={stats.clients} />
      </SimpleGrid>
      <QuickJump
        jumps={present.map((s) => ({
          label: s.label,
          onJump: () => {
            if (roleFilter !== 'all' && roleFilter !== s.key) setRoleFilter('all');
            jumpTo(sectionId(s.key), () => setOpen(s.key, true));
          },
        }))}
      />
      <Group justify="space-between" gap="sm" wrap="wrap">
        <FilterButtons
          label="Filter by role"
          options={[
            { value: 'all' as const, label: 'All Roles' },
            ...present.map((s) => ({ value: s.key, label: s.label })),
          ]}
          value={roleFilter}
          onChange={setRoleFilter}
        />
        <DensityToggle label="Team view" compact={compact} onChange={setCompact} />
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
