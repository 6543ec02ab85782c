import { Anchor, Button, Group, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { formatInvoiceMoney } from '@domain/invoices';
import { checkMoney, moneyMessages } from '@domain/money';
import { displayName } from '@domain/people';
import { type EditorRate, type PayoutEvent, type StatementSummary } from '@domain/payouts';
import { PAYOUT_LABELS } from '@domain/payout-labels';
import { typeLabel } from '@domain/video-type-labels';
import { useAgencyCurrency } from '../../../api/agency';
import { useEditors } from '../../../api/editors';
import {
  statementFileUrl,
  useDeleteEditorRate,
  useEditorRates,
  usePayOut,
  usePayoutMonth,
  useReversePayout,
  useSaveEditorRate,
  useStatement,
} from '../../../api/payouts';
import { useVideoTypes } from '../../../api/pricing';
import { getErrorMessage } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { CollapsibleCard } from './collapsible-card';
import { ConfirmDialog } from './confirm-dialog';
import { QueryView } from './query-view';
import { buttonsColumn, DataTable } from './scroll-table';
import { currentMonth, formatMonth, recentMonths } from '../lib/format';
import { StatementFiles, StatementView } from './statement-view';

const DEFAULT = '';

/** The Payouts section of /invoicing (issue 44): editor rates, and the month's statements. */
export function PayoutsSection() {
  return (
    <CollapsibleCard title={PAYOUT_LABELS.section} description={PAYOUT_LABELS.sectionDescription}>
      <Stack gap="xl">
        <RatesEditor />
        <Statements />
      </Stack>
    </CollapsibleCard>
  );
}

/** An amount field's problem in the words of domain/money.ts, or null. */
function moneyProblem(text: string, field: 'rate' | 'roundRate', optional: boolean) {
  if (optional && text.trim() === '') return null;
  const checked = checkMoney(text.trim());
  return checked.ok ? null : moneyMessages(field)[checked.reason];
}

function RatesEditor() {
  const rates = useEditorRates();
  const editors = useEditors();
  const types = useVideoTypes();
  const save = useSaveEditorRate();
  const remove = useDeleteEditorRate();
  const currency = useAgencyCurrency();
  const [editorId, setEditorId] = useState<string>(DEFAULT);
  const [videoType, setVideoType] = useState<string | null>(null);
  const [rate, setRate] = useState('');
  const [roundRate, setRoundRate] = useState('');
  const [tried, setTried] = useState(false);
  const money = (v: string) => formatInvoiceMoney(v, currency);

  const rateError = tried ? moneyProblem(rate, 'rate', false) : null;
  const roundError = tried ? moneyProblem(roundRate, 'roundRate', true) : null;
  const typeError = tried && !videoType ? 'Choose a video type' : null;

  const body = (r: Pick<EditorRate, 'editorId' | 'videoType' | 'rate' | 'roundRate'>) => ({
    editorId: r.editorId,
    videoType: r.videoType,
    rate: r.rate,
    roundRate: r.roundRate,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (
      !videoType ||
      moneyProblem(rate, 'rate', false) ||
      moneyProblem(roundRate, 'roundRate', true)
    )
      return;
    save.mutate(
      {
        editorId: editorId === DEFAULT ? null : editorId,
        videoType,
        rate: rate.trim(),
        roundRate: roundRate.trim() === '' ? null : roundRate.trim(),
      },
      {
        onSuccess: ({ message }) => {
          notifySuccess('Rate saved', message);
          setRate('');
          setRoundRate('');
          setTried(false);
        },
        onError: (error) => notifyError('Rate not saved', getErrorMessage(error, 'Failed to save')),
      },
    );
  };
  const doRemove = (r: EditorRate) =>
    remove.mutate(r.id, {
      onSuccess: ({ message }) => {
        notifications.clean();
        notifications.show({
          color: 'teal',
          title: 'Rate removed',
          message: (
            <Group gap="xs" justify="space-between" wrap="nowrap">
              <Text size="sm">{message}</Text>
              <Button
                size="compact-sm"
                variant="light"
                onClick={() => {
                  notifications.clean();
                  save.mutate(body(r), {
                    onSuccess: () => notifySuccess('Rate restored', 'The rate is back.'),
                    onError: (error) =>
                      notifyError('Rate not restored', getErrorMessage(error, 'Failed to save')),
                  });
                }}
              >
                Undo
              </Button>
            </Group>
          ),
        });
      },
      onError: (error) => notifyError('Rate not removed', getErrorMessage(error, 'Failed')),
    });

  const editorOptions = [
    { value: DEFAULT, label: PAYOUT_LABELS.everyEditor },
    ...(editors.data ?? []).map((e) => ({ value: e.id, label: displayName(e) })),
  ];
  const typeOptions = (types.data ?? []).map((t) => ({ value: t.name, label: t.displayName }));

  return (
    <Stack gap="sm">
      <Text fw={700}>{PAYOUT_LABELS.rates}</Text>
      <form onSubmit={submit} aria-label="Set a rate" noValidate>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <Select
            label="Editor"
            data={editorOptions}
            value={editorId}
            onChange={(v) => setEditorId(v ?? DEFAULT)}
            allowDeselect={false}
            searchable
            w={{ base: '100%', xs: 200 }}
          />
          <Select
            label="Video type"
            placeholder="Choose"
            data={typeOptions}
            value={videoType}
            onChange={setVideoType}
            error={typeError}
            searchable
            w={{ base: '100%', xs: 180 }}
          />
          <TextInput
            label="Rate"
            inputMode="decimal"
            placeholder="0.00"
            value={rate}
            onChange={(e) => setRate(e.currentTarget.value)}
            error={rateError}
            w={{ base: 'calc(50% - 6px)', xs: 110 }}
          />
          <TextInput
            label="Round rate"
            description="Each extra round"
            inputMode="decimal"
            placeholder="none"
            value={roundRate}
            onChange={(e) => setRoundRate(e.currentTarget.value)}
            error={roundError}
            w={{ base: 'calc(50% - 6px)', xs: 130 }}
          />
          <Button type="submit" mt={{ base: 0, xs: 25 }} loading={save.isPending}>
            Save rate
          </Button>
        </Group>
      </form>
      <QueryView
        query={rates}
        skeleton={80}
        what="the rates"
        empty={
          <Text c="dimmed" size="sm">
            {PAYOUT_LABELS.ratesEmpty}
          </Text>
        }
      >
        {(list) => (
          <DataTable
            label="Editor rates"
            minWidth={480}
            verticalSpacing={6}
            columns={[
              'Editor',
              'Video type',
              { label: 'Rate', ta: 'right' },
              { label: 'Round rate', ta: 'right' },
              buttonsColumn(''),
            ]}
          >
            {list.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>{r.editorName ?? PAYOUT_LABELS.everyEditor}</Table.Td>
                <Table.Td>{typeLabel(r.videoType)}</Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {money(r.rate)}
                </Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {r.roundRate === null ? PAYOUT_LABELS.noRoundRate : money(r.roundRate)}
                </Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    onClick={() => doRemove(r)}
                    aria-label={`Remove the rate of ${r.editorName ?? 'every editor'} for ${typeLabel(r.videoType)}`}
                  >
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </QueryView>
    </Stack>
  );
}

function Statements() {
  const [month, setMonth] = useState(currentMonth());
  const rows = usePayoutMonth(month);
  const payOut = usePayOut();
  const reverse = useReversePayout();
  const [paying, setPaying] = useState<StatementSummary | null>(null);
  const [open, setOpen] = useState<StatementSummary | null>(null);
  const [reversing, setReversing] = useState<PayoutEvent | null>(null);

  const undoable = (message: string, eventId: string) => {
    notifications.clean();
    notifications.show({
      color: 'teal',
      title: 'Paid out',
      message: (
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Text size="sm">{message}</Text>
          <Button
            size="compact-sm"
            variant="light"
            onClick={() => {
              notifications.clean();
              reverse.mutate(eventId, {
                onSuccess: (r) => notifySuccess('Pay-out reversed', r.message),
                onError: (error) =>
                  notifyError('Not reversed', getErrorMessage(error, 'Failed to reverse')),
              });
            }}
          >
            Undo
          </Button>
        </Group>
      ),
    });
  };
  const confirmPay = () => {
    if (!paying) return;
    payOut.mutate(
      { editorId: paying.editorId, month: paying.month },
      {
        onSuccess: ({ message, statement }) => {
          setPaying(null);
          undoable(message, statement.events.at(-1)!.id);
        },
        onError: (error) => {
          setPaying(null);
          notifyError('Not paid out', getErrorMessage(error, 'Failed to pay out'));
        },
      },
    );
  };
  const confirmReverse = () => {
    if (!reversing) return;
    reverse.mutate(reversing.id, {
      onSuccess: ({ message }) => {
        setReversing(null);
        notifySuccess('Pay-out reversed', message);
      },
      onError: (error) => {
        setReversing(null);
        notifyError('Not reversed', getErrorMessage(error, 'Failed to reverse'));
      },
    });
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={700}>{PAYOUT_LABELS.statements}</Text>
        <Select
          aria-label="Payout month"
          size="xs"
          w={170}
          allowDeselect={false}
          data={recentMonths(24).map((m) => ({ value: m, label: formatMonth(m) }))}
          value={month}
          onChange={(m) => m && setMonth(m)}
        />
      </Group>
      <QueryView
        query={rows}
        skeleton={80}
        what="the statements"
        empty={
          <Text c="dimmed" size="sm">
            {PAYOUT_LABELS.statementsEmpty}
          </Text>
        }
      >
        {(list) => (
          <DataTable
            label={`Payout statements of ${formatMonth(month)}`}
            minWidth={640}
            verticalSpacing={6}
            columns={[
              'Editor',
              'Items',
              { label: 'Total', ta: 'right' },
              { label: 'Paid', ta: 'right' },
              { label: 'Balance', ta: 'right' },
              'Files',
              buttonsColumn(''),
            ]}
          >
            {list.map((s) => {
              const money = (v: string) => formatInvoiceMoney(v, s.currency);
              const what = `${s.editorName}'s statement`;
              return (
                <Table.Tr key={s.editorId}>
                  <Table.Td>
                    <Anchor component="button" size="sm" onClick={() => setOpen(s)}>
                      {s.editorName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{s.itemCount}</Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {money(s.total)}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace">
                    {money(s.paid)}
                  </Table.Td>
                  <Table.Td ta="right" ff="monospace" fw={600}>
                    {money(s.balance)}
                  </Table.Td>
                  <Table.Td>
                    <StatementFiles
                      what={what}
                      csv={statementFileUrl('csv', s.month, s.editorId)}
                      pdf={statementFileUrl('pdf', s.month, s.editorId)}
                    />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Button
                      size="compact-sm"
                      disabled={s.balance === '0.00'}
                      onClick={() => setPaying(s)}
                      aria-label={`Pay out ${s.editorName}`}
                    >
                      {PAYOUT_LABELS.payOut}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </DataTable>
        )}
      </QueryView>
      <StatementDialog summary={open} onClose={() => setOpen(null)} onReverse={setReversing} />
      <ConfirmDialog
        opened={paying !== null}
        title="Pay out this statement?"
        confirmLabel={PAYOUT_LABELS.payOut}
        pending={payOut.isPending}
        onConfirm={confirmPay}
        onClose={() => setPaying(null)}
      >
        {paying
          ? `Record that ${paying.editorName} was paid ${formatInvoiceMoney(paying.balance, paying.currency)} for ${formatMonth(paying.month)}. It enters the payout ledger; a mistake is undone by a reversal.`
          : ''}
      </ConfirmDialog>
      <ConfirmDialog
        opened={reversing !== null}
        title="Reverse this pay-out?"
        confirmLabel={PAYOUT_LABELS.reverse}
        color="red"
        pending={reverse.isPending}
        onConfirm={confirmReverse}
        onClose={() => setReversing(null)}
      >
        The pay-out stays in the ledger; a reversal entry is added and its amount is owed again.
      </ConfirmDialog>
    </Stack>
  );
}

function StatementDialog({
  summary,
  onClose,
  onReverse,
}: {
  summary: StatementSummary | null;
  onClose: () => void;
  onReverse: (event: PayoutEvent) => void;
}) {
  const statement = useStatement(summary?.editorId ?? null, summary?.month ?? currentMonth());
  return (
    <Modal
      opened={summary !== null}
      onClose={onClose}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close dialog' }}
      title={summary ? `${summary.editorName} · ${formatMonth(summary.month)}` : ''}
    >
      {summary && (
        <QueryView query={statement} skeleton={200} what="the statement">
          {(s) => <StatementView statement={s} onReverse={onReverse} />}
        </QueryView>
      )}
    </Modal>
  );
}
