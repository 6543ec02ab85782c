import {
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue, useDocumentTitle } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import {
  DEFAULT_LEAD_TAB,
  isLeadTab,
  LEAD_MESSAGES,
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
import { FilterSheet } from '../../../components/phone-sheet';
import { usePhoneLayout } from '../../../hooks/use-phone-layout';
import { FoldingTiles } from '../../../components/folding-tiles';
import { ClientPicker } from './client-picker';
import { FirstRunCard } from './first-run-card';
import { LeadTiles } from './lead-tiles';
import { LeadVideoTab } from './lead-video-tab';
import { TurnaroundSection } from './turnaround-section';
import { displayName } from '@domain/people';
import {
  roundsFilterLabel,
  VIDEO_LIST_ORDER_LABELS,
  VIDEO_LIST_ORDERS,
  type VideoListOrder,
} from '@domain/video-list';
import { RoundsFilter } from '../../../components/videos/video-list-toolbar';
import { VideoViewSwitch } from '../../../components/videos/video-view-switch';

/**
 * The lead dashboard (lead_editor and king; docs/product.md#screens): greeting and Refresh, seven
 * tiles, one search box for every tab, the client picker, the review rounds filter and the order
 * (not on the team tab) and seven tabs.
 * On a phone the tiles fold into one row and the client picker waits in the filter sheet.
 * The tab lives in the address: web/app reads it (`tab`) and writes it (`onTabChange`).
 * `teamTab` draws that tab for the search text
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
  const [rounds, setRounds] = useState<number | null>(null);
  const [sort, setSort] = useState<VideoListOrder>('newest');
  const { open } = useVideoParam();
  const summary = useLeadSummary(clientId, tab === 'team' ? '' : q);
  const clients = useClients();
  const [refreshing, setRefreshing] = useState(false);
  const phone = usePhoneLayout();

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
  const king = user?.role === 'king';

  /** Why a tab's list is empty, and the one thing to do about it. */
  const emptyFor = (t: LeadTab): { text: string; action?: ReactNode } => {
    if (q) {
      return {
        text: `No video title matches “${q}”.`,
        action: (
          <Button variant="default" onClick={() => setSearch('')}>
            Clear search
          </Button>
        ),
      };
    }
    if (rounds !== null) {
      return {
        text: `No video here has had ${roundsFilterLabel(rounds).toLowerCase()}.`,
        action: (
          <Button variant="default" onClick={() => setRounds(null)}>
            Any rounds
          </Button>
        ),
      };
    }
    if (clientId && counts?.total === 0) {
      return {
        text: 'This client has no videos yet.',
        action: (
          <Button variant="default" onClick={() => setClientId(null)}>
            Show all clients
          </Button>
        ),
      };
    }
    if (counts?.total === 0) {
      return king || user?.isAdmin === 'true'
        ? {
            text: 'Videos appear here as soon as your clients add them. Start by adding your editors and clients.',
            action: (
              <Button component={Link} to="/admin">
                Add people
              </Button>
            ),
          }
        : {
            text: 'Videos appear here as soon as a client adds one.',
            action: (
              <Button variant="default" onClick={() => setTab('team')}>
                See the team
              </Button>
            ),
          };
    }
    return {
      text:
        t === 'overdue'
          ? 'Every video is on time.'
          : t === 'needs-review'
            ? LEAD_MESSAGES.needsReviewWhy
            : 'Nothing is at this step right now.',
      action: (
        <Button variant="default" onClick={() => setTab('all-videos')}>
          Show all videos
        </Button>
      ),
    };
  };
  // Folded on a phone: the picked tile's number and the total.
  const folded = (tab === 'all-videos' ? [tab] : [tab, 'all-videos' as const]).map((t) => ({
    label: LEAD_TAB_INFO[t].tile,
    value: counts ? counts[LEAD_TAB_INFO[t].count] : '–',
  }));
  const searchBox = (
    <TextInput
      type="search"
      aria-label={tab === 'team' ? 'Search team members' : 'Search videos by title'}
      placeholder={tab === 'team' ? 'Search team members...' : 'Search videos by title...'}
      value={search}
      onChange={(e) => setSearch(e.currentTarget.value)}
      style={phone ? { flex: 1 } : undefined}
    />
  );
  const clientPicker = (
    <ClientPicker
      clients={clients.data ?? []}
      value={clientId}
      onChange={setClientId}
      wrap={phone}
    />
  );
  // The video tabs' rounds filter and order, read by the server with each page (issue 41).
  const fieldStyle = phone ? undefined : { width: 200 };
  const roundsFields = (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <RoundsFilter value={rounds} onChange={setRounds} style={fieldStyle} />
      <NativeSelect
        label="Sort by"
        value={sort}
        onChange={(e) => setSort(e.currentTarget.value as VideoListOrder)}
        data={VIDEO_LIST_ORDERS.map((o) => ({ value: o, label: VIDEO_LIST_ORDER_LABELS[o] }))}
        style={fieldStyle}
      />
      <VideoViewSwitch />
    </Group>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            Lead Dashboard
          </Title>
          <Text c="dimmed">Welcome back, {user ? displayName(user) : ''}!</Text>
        </div>
        {/* A spinner in place of the label keeps the button's width: a longer label would
            wrap it to a line of its own on a phone, and the page would jump. */}
        <Button variant="default" onClick={() => void refresh()} loading={loading}>
          Refresh
        </Button>
      </Group>

      {king && user && <FirstRunCard userId={user.id} onOpenTeam={() => setTab('team')} />}

      <FoldingTiles summary={folded} onPick={setTab}>
        {(pick) => (
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
            <LeadTiles counts={counts} current={tab} onPick={pick} />
            {summary.isError && (
              <Text c="red.8" size="sm" mt="sm" role="alert">
                Failed to load the counts. Try Refresh.
              </Text>
            )}
          </Paper>
        )}
      </FoldingTiles>

      <TurnaroundSection />

      {phone ? (
        <Group gap="sm" wrap="nowrap">
          {searchBox}
          {tab !== 'team' && (
            <FilterSheet
              active={
                Number(clientId !== null) + Number(rounds !== null) + Number(sort !== 'newest')
              }
            >
              {clientPicker}
              {roundsFields}
            </FilterSheet>
          )}
        </Group>
      ) : (
        <>
          {searchBox}
          {tab !== 'team' && clientPicker}
          {tab !== 'team' && roundsFields}
        </>
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
                rounds={rounds}
                sort={sort}
                count={counts ? leadTabCount(t, counts, q, matches) : null}
                onOpen={open}
                empty={emptyFor(t)}
              />
            )}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
