import { displayName } from '@domain/people';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { shortcutAction } from '@domain/editor-shortcuts';
import { EDITOR_SORT_LABELS, EDITOR_SORTS } from '@domain/video-list';
import { DashboardSkeleton } from '../../../components/skeletons';
import { FoldingTiles, statusSummary } from '../../../components/folding-tiles';
import { useAuth } from '../../../hooks/use-auth';
import { useDashboardVideos } from '../../../hooks/use-dashboard-videos';
import { useMyClients } from '../../../api/clients';
import { DashboardVideoList } from '../../../components/videos/dashboard-video-list';
import { IconKeyboard } from '../../../components/videos/video-icons';
import { useVideoFilters } from '../../../hooks/use-video-filters';
import { EditorTiles } from './editor-tiles';
import { KeyboardShortcutsDialog } from './keyboard-shortcuts-dialog';

const SORT_OPTIONS = EDITOR_SORTS.map((s) => ({ value: s, label: EDITOR_SORT_LABELS[s] }));

/** Typing in a field, or a dialog open: single-key shortcuts must not fire. */
function shortcutsBlocked(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return true;
  const target = event.target as HTMLElement | null;
  if (target?.closest('input, textarea, select, [contenteditable="true"]')) return true;
  return document.querySelector('[role="dialog"]') !== null;
}

/**
 * What the editor's empty list says: no match (clear the filters), no videos yet (they come
 * from the assigned clients), or no clients yet (a lead editor assigns them).
 */
function emptyList(videoCount: number, clientCount: number | null, clear: () => void) {
  if (videoCount > 0) {
    return {
      emptyTitle: 'No videos found',
      emptyText: 'No video matches these filters. Press C to clear them.',
      emptyAction: (
        <Button variant="default" onClick={clear}>
          Clear filters
        </Button>
      ),
    };
  }
  if (clientCount === 0) {
    return {
      emptyTitle: 'No clients assigned yet',
      emptyText:
        'A lead editor assigns you to clients. Their videos appear here as soon as they add one.',
    };
  }
  return {
    emptyTitle: 'No videos yet',
    emptyText:
      'Videos appear here when a client assigned to you adds one, or when you are assigned to a video.',
    emptyAction: (
      <Button variant="default" component={Link} to="/assignments">
        View assigned clients
      </Button>
    ),
  };
}

/**
 * The editor dashboard (docs/product.md#screens): tiles, the assigned clients' and own videos
 * (default filter In Progress), the editor sorts, a client filter (`?client=` from
 * /assignments) and single-key shortcuts with their help dialog.
 */
export function EditorDashboard() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const { videos } = useDashboardVideos('Editor Dashboard');
  const clients = useMyClients();
  const filters = useVideoFilters(videos.data, {
    status: 'in_progress',
    client: params.get('client') ?? 'all',
  });
  const [help, setHelp] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);

  const { setStatus, setType, clear } = filters;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (shortcutsBlocked(event)) return;
      if (event.key === '?') {
        event.preventDefault();
        setHelp(true);
        return;
      }
      const action = shortcutAction(event.key);
      if (!action) return;
      event.preventDefault();
      if (action.kind === 'focus-search') searchRef.current?.focus();
      else if (action.kind === 'status') setStatus(action.filter);
      else if (action.kind === 'type') setType(action.type);
      else clear();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [setStatus, setType, clear]);

  if (!user) return <DashboardSkeleton />;
  const teamClientIds = clients.data?.map((c) => c.id) ?? [];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={1} size="h2">
            Editor Dashboard
          </Title>
          <Text c="dimmed">Welcome back, {displayName(user)}</Text>
        </Stack>
        <Button
          variant="subtle"
          leftSection={<IconKeyboard size={16} />}
          onClick={() => setHelp(true)}
          visibleFrom="sm"
        >
          Keyboard shortcuts
        </Button>
      </Group>
      {/* The status buttons' counts: the tiles follow the client, type and search filters too. */}
      <FoldingTiles
        summary={statusSummary(filters.counts, filters.state.status)}
        onPick={setStatus}
      >
        {(pick) => (
          <EditorTiles
            clientCount={clients.data?.length}
            counts={videos.data ? filters.counts : undefined}
            active={filters.state.status}
            onPick={pick}
          />
        )}
      </FoldingTiles>
      <DashboardVideoList
        viewer={user}
        videos={videos}
        filters={filters}
        sorts={EDITOR_SORTS}
        alsoRefresh={() => void clients.refetch()}
        toolbar={{
          searchRef,
          sortOptions: SORT_OPTIONS,
          clientFilterEnabled: true,
          clients: clients.data?.map((c) => ({ value: c.id, label: displayName(c) })),
          clientFilter: filters.state.client,
          onClientFilterChange: filters.setClient,
        }}
        list={{
          showClient: true,
          teamClientIds,
          ...emptyList(videos.data?.length ?? 0, clients.data?.length ?? null, clear),
        }}
      />
      <KeyboardShortcutsDialog opened={help} onClose={() => setHelp(false)} />
    </Stack>
  );
}
