import {
  Box,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import {
  formatFigure,
  formatRounds,
  type TurnaroundFigures,
  type TurnaroundGroup,
} from '@domain/turnaround';
import { useTurnaround } from '../../../api/lead';
import { getErrorMessage } from '../../../lib/api-client';
import { StatBox } from '../../../components/stat-box';

const TurnaroundChart = lazy(() => import('./turnaround-chart'));

type GroupBy = 'byEditor' | 'byClient' | 'byType';
const GROUPS: { value: GroupBy; label: string; column: string }[] = [
  { value: 'byEditor', label: 'By editor', column: 'Editor' },
  { value: 'byClient', label: 'By client', column: 'Client' },
  { value: 'byType', label: 'By type', column: 'Type' },
];

const both = (median: number | null, p90: number | null) =>
  `${formatFigure(median)} / ${formatFigure(p90)}`;

function FiguresTable({ groups, column }: { groups: readonly TurnaroundGroup[]; column: string }) {
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped>
        <Table.Caption>Median / 90th percentile</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{column}</Table.Th>
            <Table.Th>Videos</Table.Th>
            <Table.Th>Start to ready</Table.Th>
            <Table.Th>Waiting on client</Table.Th>
            <Table.Th>Rounds per video</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((g) => (
            <Table.Tr key={g.key ?? 'none'}>
              <Table.Td>{g.label}</Table.Td>
              <Table.Td>{g.count}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {both(g.turnaroundMedianMs, g.turnaroundP90Ms)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {both(g.clientWaitMedianMs, g.clientWaitP90Ms)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatRounds(g.roundsMedian)} / {formatRounds(g.roundsP90)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Figures({ figures, groupBy }: { figures: TurnaroundFigures; groupBy: GroupBy }) {
  const { overall } = figures;
  const groups = figures[groupBy];
  const column = GROUPS.find((g) => g.value === groupBy)!.column;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
        <StatBox label="Videos ready" value={overall.count} detail="in this range" />
        <StatBox
          label="Start to ready"
          value={formatFigure(overall.turnaroundMedianMs)}
          detail={`median · 90th percentile ${formatFigure(overall.turnaroundP90Ms)}`}
        />
        <StatBox
          label="Waiting on client"
          value={formatFigure(overall.clientWaitMedianMs)}
          detail={`median · 90th percentile ${formatFigure(overall.clientWaitP90Ms)}`}
        />
        <StatBox
          label="Rounds per video"
          value={formatRounds(overall.roundsMedian)}
          detail={`median · 90th percentile ${formatRounds(overall.roundsP90)}`}
        />
      </SimpleGrid>
      {groups.length === 0 ? (
        <Text c="dimmed">No video became ready to post in this range.</Text>
      ) : (
        <>
          <Box data-testid="turnaround-chart" aria-hidden="true">
            <Suspense fallback={<Box h={120} />}>
              <TurnaroundChart groups={groups} />
            </Suspense>
          </Box>
          <FiguresTable groups={groups} column={column} />
        </>
      )}
    </Stack>
  );
}

/**
 * The lead dashboard's turnaround figures (issue 18): for the videos that became ready to post in
 * a range of days (the last 30 by default), the median and 90th percentile time from start (first
 * leaving draft) to ready, of the time waiting on the client (in review) and of the review rounds
 * it took (issue 41), overall and per
 * editor, client or type, as a chart and a table. Folded until opened; read only then.
 */
export function TurnaroundSection() {
  const [opened, setOpened] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [groupBy, setGroupBy] = useState<GroupBy>('byEditor');
  const figures = useTurnaround({ from: from || undefined, to: to || undefined }, opened);
  const data = figures.data;
  return (
    <Paper withBorder radius="md" component="section" aria-labelledby="turnaround-title">
      <Title order={2} fz="md" m={0} id="turnaround-title">
        <UnstyledButton
          onClick={() => setOpened((o) => !o)}
          aria-expanded={opened}
          aria-controls="turnaround-body"
          w="100%"
          px="md"
          py="sm"
        >
          <Group justify="space-between" wrap="nowrap">
            <Text span fw={600} fz="md">
              Turnaround
            </Text>
            <Text span size="sm" c="dimmed">
              {opened ? 'Hide' : 'Start to ready, waiting on clients, rounds'}
            </Text>
          </Group>
        </UnstyledButton>
      </Title>
      {opened && (
        <Stack id="turnaround-body" gap="md" px="md" pb="md">
          <Group align="flex-end" gap="sm">
            <TextInput
              type="date"
              label="From"
              value={from || data?.from || ''}
              onChange={(e) => setFrom(e.currentTarget.value)}
            />
            <TextInput
              type="date"
              label="To"
              value={to || data?.to || ''}
              onChange={(e) => setTo(e.currentTarget.value)}
            />
            <SegmentedControl
              aria-label="Group the figures"
              value={groupBy}
              onChange={setGroupBy}
              data={GROUPS.map(({ value, label }) => ({ value, label }))}
            />
          </Group>
          <Text size="sm" c="dimmed">
            Videos that became ready to post in the range. Start is when a video first left draft;
            waiting on client is its time in review before it was ready; rounds are the review
            rounds it was sent for by then.
          </Text>
          {figures.isError && (
            <Text c="red.8" size="sm" role="alert">
              {getErrorMessage(figures.error, 'Failed to load the turnaround figures.')}
            </Text>
          )}
          {data ? (
            <Figures figures={data} groupBy={groupBy} />
          ) : (
            !figures.isError && <Text c="dimmed">Loading turnaround…</Text>
          )}
        </Stack>
      )}
    </Paper>
  );
}
