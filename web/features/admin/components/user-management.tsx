import {
  Badge,
  Box,
  Button,
  Collapse,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { peopleCounts, ROLE_GROUP_LABELS } from '@domain/people';
import type { Actor } from '@domain/roles';
import type { PublicUser } from '@domain/user';
import type { AdminUser } from '@domain/admin';
import { DensityToggle, FilterButtons } from '../../../components/filter-buttons';
import {
  groupUsers,
  resultText,
  ROLE_FILTER_LABELS,
  ROLE_FILTERS,
  SECTION_LABELS,
  SECTIONS,
  type RoleFilter,
  type Section,
} from '../lib/user-list';
import { IconChevron, IconPlus, IconSearch } from './admin-icons';
import { CreateUserDialog } from './create-user-dialog';
import { DeleteUserDialog } from './delete-user-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { ResetPasswordDialog } from './reset-password-dialog';
import { StatTile } from './stat-tile';
import { CompactUserRow, DetailedUserRow, type UserAction } from './user-rows';
import classes from './user-management.module.css';

interface UserManagementProps {
  actor: Actor;
  users: AdminUser[];
  onSavedSelf: () => void;
}

const NO_SECTIONS_OPEN: Record<Section, boolean> = {
  king: false,
  lead_editor: false,
  editor: false,
  client_team_lead: false,
  client: false,
};

/** The User Management tab: tiles, search, filters, role sections and the four dialogs. */
export function UserManagement({ actor, users, onSavedSelf }: UserManagementProps) {
  const baseId = useId();
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<RoleFilter>('all');
  const [compact, setCompact] = useState(false);
  // All sections start collapsed.
  const [open, setOpen] = useState(NO_SECTIONS_OPEN);
  const [creating, setCreating] = useState(false);
  const [dialog, setDialog] = useState<{ action: UserAction; user: PublicUser } | null>(null);

  const { shown, sections } = useMemo(
    () => groupUsers(users, query, filter),
    [users, query, filter],
  );
  const searching = query.trim() !== '';
  const narrowed = searching || filter !== 'all';
  const summary = peopleCounts(narrowed ? shown : users);
  const sectionId = (s: Section) => `${baseId}-section-${s}`;

  const jumpTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(jumpTimer.current), []);
  const toggle = (s: Section) => setOpen((o) => ({ ...o, [s]: !o[s] }));
  const jumpTo = (s: Section) => {
    setOpen((o) => ({ ...o, [s]: true }));
    // After the section has started to expand, so the scroll lands on its final place.
    window.clearTimeout(jumpTimer.current);
    jumpTimer.current = window.setTimeout(() => {
      const el = document.getElementById(sectionId(s));
      el?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      el?.querySelector<HTMLButtonElement>('button')?.focus({ preventScroll: true });
    }, 100);
  };

  // A search opens the sections it found people in (the others stay as they were).
  const search = (text: string) => {
    setQuery(text);
    if (text.trim() === '') return;
    const found = groupUsers(users, text, filter).sections;
    setOpen((o) => ({
      ...o,
      ...Object.fromEntries(SECTIONS.filter((s) => found[s].length > 0).map((s) => [s, true])),
    }));
  };

  const onAction = (action: UserAction, user: PublicUser) => setDialog({ action, user });
  const closeDialog = () => setDialog(null);
  const Row = compact ? CompactUserRow : DetailedUserRow;
  const nonEmpty = SECTIONS.filter((s) => sections[s].length > 0);

  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <Title order={2} fz={{ base: 20, sm: 24 }}>
          User Management
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          Create New User
        </Button>
      </Group>

      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
        <StatTile label={narrowed ? 'Filtered Users' : 'Total Users'} value={summary.total} />
        <StatTile label={ROLE_GROUP_LABELS.king} value={summary.systemAdmins} />
        <StatTile
          label="All Editors"
          value={summary.allEditors}
          hint={`Lead: ${summary.leadEditors} · Regular: ${summary.regularEditors}`}
        />
        <StatTile label={ROLE_GROUP_LABELS.client_team_lead} value={summary.teamLeads} />
        <StatTile label={ROLE_GROUP_LABELS.client} value={summary.clients} />
      </SimpleGrid>

      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <TextInput
            aria-label="Search users by name or username"
            placeholder="Search users by name or username"
            leftSection={<IconSearch size={16} />}
            value={query}
            onChange={(e) => search(e.currentTarget.value)}
            type="search"
          />
          {searching && (
            <Text size="sm" c="dimmed" role="status">
              {resultText(shown.length)}
            </Text>
          )}
          <Group justify="space-between" gap="sm" align="flex-end">
            <FilterButtons
              label="Filter by role"
              options={ROLE_FILTERS.map((f) => ({ value: f, label: ROLE_FILTER_LABELS[f] }))}
              value={filter}
              onChange={setFilter}
            />
            <DensityToggle size="xs" label="View" compact={compact} onChange={setCompact} />
          </Group>
          {nonEmpty.length > 0 && (
            <Group gap={6} role="group" aria-label="Jump to section">
              <Text size="xs" c="dimmed">
                Jump to:
              </Text>
              {nonEmpty.map((s) => (
                <Button key={s} size="compact-xs" variant="light" onClick={() => jumpTo(s)}>
                  {SECTION_LABELS[s]} ({sections[s].length})
                </Button>
              ))}
            </Group>
          )}
        </Stack>
      </Paper>

      {shown.length === 0 ? (
        <Paper withBorder radius="md" p="xl">
          <Text ta="center" c="dimmed">
            {searching ? 'No users match your search' : 'No users found'}
          </Text>
        </Paper>
      ) : (
        <Stack gap="sm">
          {SECTIONS.filter((s) => filter === 'all' || filter === s).map((s) => {
            const panelId = `${sectionId(s)}-panel`;
            return (
              <Paper key={s} withBorder radius="md" id={sectionId(s)} className={classes.section}>
                <h3 className={classes.heading}>
                  <UnstyledButton
                    className={classes.toggle}
                    aria-expanded={open[s]}
                    aria-controls={panelId}
                    onClick={() => toggle(s)}
                  >
                    <Group gap="sm" wrap="nowrap">
                      <IconChevron
                        size={16}
                        className={classes.chevron}
                        data-open={open[s] || undefined}
                      />
                      <Text fw={600}>{SECTION_LABELS[s]}</Text>
                      <Badge variant="light" color="gray" radius="sm">
                        {sections[s].length}
                      </Badge>
                    </Group>
                  </UnstyledButton>
                </h3>
                <Collapse expanded={open[s]} id={panelId}>
                  <Box px="sm" pb="sm">
                    {sections[s].length === 0 ? (
                      <Text size="sm" c="dimmed" px="xs">
                        {searching ? 'No users match your search' : 'No users found'}
                      </Text>
                    ) : (
                      <ul className={classes.list} aria-label={SECTION_LABELS[s]}>
                        {sections[s].map((u) => (
                          <Row key={u.id} user={u} actor={actor} onAction={onAction} />
                        ))}
                      </ul>
                    )}
                  </Box>
                </Collapse>
              </Paper>
            );
          })}
        </Stack>
      )}

      <CreateUserDialog actor={actor} opened={creating} onClose={() => setCreating(false)} />
      <EditUserDialog
        actor={actor}
        user={dialog?.action === 'edit' ? dialog.user : null}
        onClose={closeDialog}
        onSavedSelf={onSavedSelf}
      />
      <ResetPasswordDialog
        user={dialog?.action === 'reset' ? dialog.user : null}
        onClose={closeDialog}
      />
      <DeleteUserDialog
        user={dialog?.action === 'delete' ? dialog.user : null}
        onClose={closeDialog}
      />
    </Stack>
  );
}
