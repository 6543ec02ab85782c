import { Button, Group, Paper, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import {
  DEFAULT_LEAD_TAB,
  isLeadTab,
  LEAD_TAB_INFO,
  LEAD_TABS,
  leadTabCount,
  type LeadTab,
} from '@domain/lead-dashboard';
import { useClients } from '../../../api/clients';
import { useLeadSummary } from '../../../api/lead';
import { pageTitle } from '../../../lib/site';
import { useAuth } from '../../../hooks/use-auth';
import { useVideoParam } from '../../../hooks/use-video-param';
import { ClientPicker } from './client-picker';
import { LeadTiles } from './lead-tiles';
import { LeadVideoTab } from './lead-video-tab';

/**
 * The lead dashboard (lead_editor and king; SPEC.md section 2): greeting and Refresh, seven
 * tiles, one search box for every tab, the client picker (not on the team tab) and seven tabs.
 * The tab lives in the address: web/app reads it (`tab`) and writes it (`onTabChange`); `teamTab` draws that tab for the search text
 * (web/app composes it from the team features). A video opens in the address (`?video=`),
 * where web/app shows its dialog.
 */
export function LeadDashboard({
  tab: tabParam,
  onTabChange: setTab,
  teamTab,
}: {
  tab: string | null;
  onTabChange: (tab: LeadTab) => void;
  teamTab: (search: string) => ReactNode;
}) {
  useDocumentTitle(pageTitle('Lead Dashboard'));
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const tab: LeadTab = isLeadTab(tabParam) ? tabParam : DEFAULT_LEAD_TAB;
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 250);
  const [clientId, setClientId] = useState<string | null>(null);
  const { open } = useVideoParam();
  const summary = useLeadSummary(clientId, tab === 'team' ? '' : q);
  const clients = useClients();
  const [refreshing, setRefreshing] = useState(false);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await queryClient.invalidateQueries();
    } finally {
      setRefreshing(false);
    }
  };

  const counts = summary.data?.counts;
  const matches = summary.data?.matches ?? null;
  const loading = refreshing || summary.isFetching;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            Lead Dashboard
          </Title>
          <Text c="dimmed">Welcome back, {user?.name || user?.username}!</Text>
        </div>
        <Button variant="default" onClick={() => void refresh()} disabled={loading}>
          {loading ? 'Refreshing...' : 'Refresh'}
        </Button>
      </Group>

      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        <LeadTiles counts={counts} current={tab} onPick={setTab} />
        {summary.isError && (
          <Text c="red.8" size="sm" mt="sm" role="alert">
            Failed to load the counts. Try Refresh.
          </Text>
        )}
      </Paper>

      <TextInput
        type="search"
        aria-label={tab === 'team' ? 'Search team members' : 'Search videos by title'}
        placeholder={tab === 'team' ? 'Search team members...' : 'Search videos by title...'}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />

      {tab !== 'team' && (
        <ClientPicker clients={clients.data ?? []} value={clientId} onChange={setClientId} />
      )}

      <Tabs value={tab} onChange={(v) => isLeadTab(v) && setTab(v)} keepMounted={false}>
        <Tabs.List style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
          {LEAD_TABS.map((t) => (
            <Tabs.Tab key={t} value={t} style={{ whiteSpace: 'nowrap' }}>
              {LEAD_TAB_INFO[t].title}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {LEAD_TABS.map((t) => (
          <Tabs.Panel key={t} value={t} pt="md">
            {t === 'team' ? (
              teamTab(search)
            ) : (
              <LeadVideoTab
                tab={t}
                search={q}
                clientId={clientId}
                count={counts ? leadTabCount(t, counts, q, matches) : null}
                onOpen={open}
              />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
