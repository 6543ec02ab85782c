import { Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { formatInvoiceMoney } from '@domain/invoices';
import { hasPayouts, PAYOUT_LABELS } from '@domain/payout-labels';
import { BackLink } from '../../../components/back-link';
import { MessageCard } from '../../../components/message-screen';
import { useAuth } from '../../../hooks/use-auth';
import { usePhoneLayout } from '../../../hooks/use-phone-layout';
import { statementFileUrl, useMyPayouts, useMyStatement } from '../../../api/payouts';
import { pageTitle } from '../../../lib/site';
import { QueryView } from './query-view';
import { DataTable } from './scroll-table';
import { formatMonth, formatMonthShort } from '../lib/format';
import { StatementFiles, StatementView } from './statement-view';

/**
 * /payouts (issue 44): an editor's or lead editor's own payout statements: the chosen month's
 * (the newest by default) first, then every month's totals. Anyone else is told it is not theirs
 * (the server refuses them too).
 */
export function MyPayoutsPage() {
  useDocumentTitle(pageTitle(PAYOUT_LABELS.myPayouts));
  const { user } = useAuth();
  const mine = Boolean(user && hasPayouts(user));
  const months = useMyPayouts(mine);
  const [chosen, setChosen] = useState<string | null>(null);
  const month = chosen ?? months.data?.[0]?.month ?? null;
  const statement = useMyStatement(month);
  // On a phone the months' table fits the screen: a short month and no item count (the chosen
  // month's statement above lists its items).
  const phone = usePhoneLayout();

  if (user && !mine) {
    return (
      <Stack align="center" py="xl">
        <MessageCard title={PAYOUT_LABELS.myPayouts} actions={<BackLink />}>
          <Text>Only editors and lead editors have payouts.</Text>
        </MessageCard>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <BackLink to="/dashboard" label="Back to dashboard" />
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {PAYOUT_LABELS.myPayouts}
        </Title>
        <Text c="dimmed" size="sm">
          What your completed videos pay, month by month, and what has been paid out.
        </Text>
      </Stack>
      <QueryView
        query={months}
        skeleton={160}
        what="your payouts"
        empty={
          <Paper withBorder p="md" radius="md">
            <Text c="dimmed">{PAYOUT_LABELS.myPayoutsEmpty}</Text>
          </Paper>
        }
      >
        {(list) => (
          <Stack gap="lg">
            <Paper
              withBorder
              p={{ base: 'sm', sm: 'md' }}
              radius="md"
              component="section"
              aria-label="Statement"
            >
              <Stack gap="md">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Select
                    aria-label="Statement month"
                    allowDeselect={false}
                    w={200}
                    data={list.map((m) => ({ value: m.month, label: formatMonth(m.month) }))}
                    value={month}
                    onChange={setChosen}
                  />
                  {month && (
                    <StatementFiles
                      what={`your statement of ${formatMonth(month)}`}
                      csv={statementFileUrl('csv', month)}
                      pdf={statementFileUrl('pdf', month)}
                    />
                  )}
                </Group>
                <QueryView query={statement} skeleton={200} what="the statement">
                  {(s) => <StatementView statement={s} />}
                </QueryView>
              </Stack>
            </Paper>
            <Paper
              withBorder
              p={{ base: 'sm', sm: 'md' }}
              radius="md"
              component="section"
              aria-label="All months"
            >
              <Title order={2} fz="lg" mb="sm">
                All months
              </Title>
              <DataTable
                label="Your payouts by month"
                minWidth={phone ? 280 : 340}
                verticalSpacing={6}
                horizontalSpacing={phone ? 6 : 'xs'}
                columns={[
                  'Month',
                  ...(phone ? [] : ['Items']),
                  { label: 'Total', ta: 'right' },
                  { label: 'Paid', ta: 'right' },
                  { label: 'Balance', ta: 'right' },
                ]}
              >
                {list.map((m) => {
                  const money = (v: string) => formatInvoiceMoney(v, m.currency);
                  return (
                    <Table.Tr key={m.month}>
                      <Table.Td>{(phone ? formatMonthShort : formatMonth)(m.month)}</Table.Td>
                      {!phone && <Table.Td>{m.itemCount}</Table.Td>}
                      <Table.Td ta="right" ff="monospace">
                        {money(m.total)}
                      </Table.Td>
                      <Table.Td ta="right" ff="monospace">
                        {money(m.paid)}
                      </Table.Td>
                      <Table.Td ta="right" ff="monospace">
                        {money(m.balance)}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </DataTable>
            </Paper>
          </Stack>
        )}
      </QueryView>
    </Stack>
  );
}
