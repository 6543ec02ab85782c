import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import {
  addDays,
  calendarEntries,
  dayLabel,
  dayLongLabel,
  ENTRY_LABELS,
  monthLabel,
  monthOf,
  monthWeeks,
  shiftMonth,
  today,
  WEEKDAY_LABELS,
  weekDays,
  weekLabel,
  windowOfDays,
  type CalendarEntry,
} from '@domain/calendar';
import { displayName } from '@domain/people';
import { canEditVideo } from '@domain/permissions';
import { isStaff, normalizeRole } from '@domain/roles';
import {
  isStatusFilter,
  matchesStatusFilter,
  STATUS_FILTER_LABELS,
  STATUS_FILTERS,
  typeCounts,
  type StatusFilter,
} from '@domain/video-list';
import { normalizeCustomType } from '@domain/video-types';
import type { VideoView } from '@domain/videos';
import { useCalendarVideos } from '../../../api/calendar';
import { useMyClients } from '../../../api/clients';
import { useLedClients } from '../../../api/team-leads';
import { EmptyState } from '../../../components/empty-state';
import { LoadingState } from '../../../components/loading-state';
import { useAuth } from '../../../hooks/use-auth';
import { usePhoneLayout } from '../../../hooks/use-phone-layout';
import { useVideoParam } from '../../../hooks/use-video-param';
import { getErrorMessage } from '../../../lib/api-client';
import { useNow } from '../../../lib/clock';
import { CalendarCard, DRAG_TYPE } from './calendar-card';
import { IconArrowLeft } from './calendar-icons';
import { useDueDateMove } from './use-due-date-move';
import classes from './calendar.module.css';

type View = 'month' | 'week';
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /calendar (docs/product.md#calendar): the due dates, and the posting dates of posted videos,
 * of the videos the viewer may read, by month or by week, with the lists' filters. A due date
 * the viewer may change moves by dragging its card to another day or with "Move to another day";
 * overdue work says so in words and colour. On a phone: an agenda, the days with their videos.
 * The view and the day it shows are in the address (`?view=week&day=2026-12-08`).
 */
export function CalendarScreen() {
  const { user } = useAuth();
  const now = useNow();
  const phone = usePhoneLayout();
  const [params, setParams] = useSearchParams();
  const { open } = useVideoParam();
  const move = useDueDateMove();
  const todayDay = today(now);
  const view: View = params.get('view') === 'week' ? 'week' : 'month';
  const asked = params.get('day') ?? '';
  const day = DAY_PATTERN.test(asked) && !Number.isNaN(Date.parse(asked)) ? asked : todayDay;
  const [status, setStatus] = useState<StatusFilter>('all');
  const [type, setType] = useState('all');
  const [client, setClient] = useState('all');
  const [dragged, setDragged] = useState<VideoView | null>(null);
  const [over, setOver] = useState<string | null>(null);

  const role = user ? normalizeRole(user.role) : null;
  const myClients = useMyClients({ enabled: role === 'editor' });
  const ledClients = useLedClients({ enabled: role === 'client_team_lead' });
  const teamClientIds = useMemo(
    () => new Set((role === 'editor' ? myClients.data : ledClients.data)?.map((c) => c.id) ?? []),
    [role, myClients.data, ledClients.data],
  );

  const weeks = view === 'month' ? monthWeeks(day) : [weekDays(day)];
  const days = weeks.flat();
  const query = windowOfDays(days[0]!, days.at(-1)!);
  const videos = useCalendarVideos(query);

  const byClient = useMemo(
    () => (videos.data ?? []).filter((v) => client === 'all' || v.userId === client),
    [videos.data, client],
  );
  const typeOptions = typeCounts(byClient);
  const clientOptions = useMemo(() => {
    const seen = new Map<string, string>();
    for (const v of videos.data ?? []) seen.set(v.userId, displayName(v.owner));
    return [...seen].map(([value, label]) => ({ value, label }));
  }, [videos.data]);
  const shown = byClient.filter(
    (v) =>
      matchesStatusFilter(v.status, status) &&
      (type === 'all' || normalizeCustomType(v.type) === type),
  );
  const entries = calendarEntries(shown, now);

  if (!user) return <LoadingState label="Loading calendar..." />;
  const scope = { ...user, teamClientIds };
  const movable = (entry: CalendarEntry<VideoView>) =>
    entry.kind === 'due' && canEditVideo(scope, entry.video);

  const go = (next: { view?: View; day?: string }) =>
    setParams((prev) => {
      const out = new URLSearchParams(prev);
      out.set('view', next.view ?? view);
      out.set('day', next.day ?? day);
      return out;
    });
  const step = (by: number) =>
    go({ day: view === 'month' ? shiftMonth(day, by) : addDays(day, 7 * by) });
  const period = view === 'month' ? monthLabel(day) : weekLabel(day);
  const unit = view === 'month' ? 'month' : 'week';

  const card = (entry: CalendarEntry<VideoView>) => (
    <CalendarCard
      key={`${entry.kind}-${entry.video.id}`}
      entry={entry}
      movable={movable(entry)}
      onOpen={open}
      onMove={move}
      onDragStart={setDragged}
      onDragEnd={() => {
        setDragged(null);
        setOver(null);
      }}
    />
  );

  const dayCell = (d: string): ReactNode => {
    const list = entries.get(d) ?? [];
    return (
      <Box
        key={d}
        component="section"
        aria-label={`${dayLongLabel(d)}: ${list.length} ${list.length === 1 ? 'video' : 'videos'}`}
        className={classes.day}
        data-day={d}
        data-week={view === 'week' || undefined}
        data-outside={(view === 'month' && monthOf(d) !== monthOf(day)) || undefined}
        data-today={d === todayDay || undefined}
        data-over={over === d || undefined}
        onDragOver={(event) => {
          if (!dragged && !event.dataTransfer.types.includes(DRAG_TYPE)) return;
          event.preventDefault();
          event.dataTransfer.dropEffect = 'move';
          if (over !== d) setOver(d);
        }}
        onDragLeave={() => setOver((o) => (o === d ? null : o))}
        onDrop={(event) => {
          event.preventDefault();
          const id = event.dataTransfer.getData(DRAG_TYPE) || dragged?.id;
          const video = (videos.data ?? []).find((v) => v.id === id);
          setOver(null);
          setDragged(null);
          if (video && canEditVideo(scope, video)) move(video, d);
        }}
      >
        <Text span className={classes.dayNumber} aria-hidden="true">
          {view === 'week' ? dayLabel(d) : Number(d.slice(8))}
        </Text>
        {list.map(card)}
      </Box>
    );
  };

  const agenda = () => {
    const withEntries = days.filter(
      (d) => (view === 'week' || monthOf(d) === monthOf(day)) && entries.has(d),
    );
    if (withEntries.length === 0) {
      return (
        <EmptyState
          title={`Nothing due this ${unit}`}
          text="Videos appear on their due day, and posted videos on the day they went out."
        />
      );
    }
    return (
      <Stack gap="md" data-testid="calendar-agenda">
        {withEntries.map((d) => (
          <Box key={d} component="section" aria-labelledby={`agenda-${d}`} data-day={d}>
            <Title order={2} size="h5" id={`agenda-${d}`} mb={6}>
              {dayLabel(d)}
              {d === todayDay ? ' · Today' : ''}
            </Title>
            <Stack gap={6}>{entries.get(d)!.map(card)}</Stack>
          </Box>
        ))}
      </Stack>
    );
  };

  const overdueCount = [...entries.values()].flat().filter((e) => e.overdue).length;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2">
            Calendar
          </Title>
          <Text c="dimmed" size="sm">
            Due dates, and posting dates once posted
          </Text>
        </Stack>
        <SegmentedControl
          aria-label="Calendar view"
          value={view}
          onChange={(value) => go({ view: value === 'week' ? 'week' : 'month' })}
          data={[
            { value: 'month', label: 'Month' },
            { value: 'week', label: 'Week' },
          ]}
        />
      </Group>

      <Group justify="space-between" gap="sm" wrap="wrap">
        <Group gap={6} wrap="nowrap">
          <ActionIcon variant="default" aria-label={`Previous ${unit}`} onClick={() => step(-1)}>
            <IconArrowLeft size={18} />
          </ActionIcon>
          <Button variant="default" size="xs" onClick={() => go({ day: todayDay })}>
            Today
          </Button>
          <ActionIcon variant="default" aria-label={`Next ${unit}`} onClick={() => step(1)}>
            <IconArrowLeft size={18} style={{ transform: 'rotate(180deg)' }} />
          </ActionIcon>
          <Title order={2} size="h4" ml="xs" aria-live="polite" data-testid="calendar-period">
            {period}
          </Title>
        </Group>
        <Group gap="xs" wrap="wrap">
          <Select
            size="xs"
            w={150}
            label="Status"
            value={status}
            onChange={(value) => setStatus(isStatusFilter(value) ? value : 'all')}
            data={STATUS_FILTERS.map((s) => ({ value: s, label: STATUS_FILTER_LABELS[s] }))}
            allowDeselect={false}
          />
          <Select
            size="xs"
            w={150}
            label="Type"
            value={type}
            onChange={(value) => setType(value ?? 'all')}
            data={[
              { value: 'all', label: 'All types' },
              ...typeOptions.map((t) => ({ value: t.type, label: t.label })),
              ...(type !== 'all' && !typeOptions.some((t) => t.type === type)
                ? [{ value: type, label: type }]
                : []),
            ]}
            allowDeselect={false}
          />
          {isStaff(user) && (
            <Select
              size="xs"
              w={170}
              label="Client"
              value={client}
              onChange={(value) => setClient(value ?? 'all')}
              data={[
                { value: 'all', label: 'All clients' },
                ...clientOptions,
                ...(client !== 'all' && !clientOptions.some((c) => c.value === client)
                  ? [{ value: client, label: 'Chosen client' }]
                  : []),
              ]}
              allowDeselect={false}
              searchable
            />
          )}
        </Group>
      </Group>

      {overdueCount > 0 && (
        <Text size="sm" c="red.9" fw={600} data-testid="calendar-overdue-count">
          {overdueCount} {ENTRY_LABELS.overdue.toLowerCase()} in this {unit}: due before now and not
          yet ready to post
        </Text>
      )}

      {videos.isError ? (
        <Alert color="red" title="The calendar could not load">
          <Group justify="space-between">
            <Text size="sm">{getErrorMessage(videos.error, 'Please try again.')}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void videos.refetch()}>
              Try again
            </Button>
          </Group>
        </Alert>
      ) : !videos.data ? (
        <LoadingState label="Loading calendar..." />
      ) : phone ? (
        agenda()
      ) : (
        <Paper withBorder radius="sm" style={{ overflow: 'hidden' }}>
          <Box className={classes.grid} data-testid={`calendar-${view}`}>
            {WEEKDAY_LABELS.map((w) => (
              <div key={w} className={classes.weekday} aria-hidden="true">
                {w}
              </div>
            ))}
            {days.map(dayCell)}
          </Box>
        </Paper>
      )}
      {videos.data && !phone && entries.size === 0 && (
        <Text c="dimmed" size="sm" ta="center">
          Nothing due this {unit}. Videos appear on their due day, and posted videos on the day they
          went out.
        </Text>
      )}
    </Stack>
  );
}
