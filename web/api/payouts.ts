import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '@domain/api';
import type {
  EditorRate,
  EditorRateBody,
  Statement,
  StatementAction,
  StatementSummary,
} from '@domain/payouts';
import { apiJson } from '../lib/api-client';
import { toQuery } from '../lib/query-string';

/* Editor rates and payouts (issue 44). Shapes: domain/payouts.ts. */

const RATES = '/api/admin/editor-rates';
const PAYOUTS = '/api/admin/payouts';
const EVENTS = '/api/admin/payout-events';
const MY_PAYOUTS = '/api/me/payouts';
const enc = encodeURIComponent;

/** Each key is its GET path's parts (a statement's: `['/api/admin/payouts', editorId, month]`). */
export const payoutKeys = {
  rates: [RATES] as const,
  all: [PAYOUTS] as const,
  month: (month: string) => [PAYOUTS, { month }] as const,
  statement: (editorId: string | null, month: string) => [PAYOUTS, editorId, month] as const,
  mine: [MY_PAYOUTS] as const,
  myMonth: (month: string | null) => [MY_PAYOUTS, month] as const,
};

/** A statement's CSV or PDF: the king's route for an editor's, or the editor's own. */
export const statementFileUrl = (
  file: 'csv' | 'pdf',
  month: string,
  editorId: string | null = null,
) =>
  editorId === null
    ? `${MY_PAYOUTS}/${enc(month)}/${file}`
    : `${PAYOUTS}/${enc(editorId)}/${enc(month)}/${file}`;

/** Every payout read: the rates, the month tables and statements, an editor's own. */
export const invalidatePayouts = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: payoutKeys.rates }),
    queryClient.invalidateQueries({ queryKey: payoutKeys.all }),
    queryClient.invalidateQueries({ queryKey: payoutKeys.mine }),
  ]).then(() => undefined);

function usePayoutMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => invalidatePayouts(queryClient) });
}

export function useEditorRates() {
  return useQuery({
    queryKey: payoutKeys.rates,
    queryFn: () => apiJson<EditorRate[]>('GET', RATES),
  });
}

export const useSaveEditorRate = () =>
  usePayoutMutation((body: EditorRateBody) =>
    apiJson<{ message: string; rate: EditorRate }>('PUT', RATES, body),
  );

export const useDeleteEditorRate = () =>
  usePayoutMutation((id: string) => apiJson<MessageAnswer>('DELETE', `${RATES}/${enc(id)}`));

/** GET /api/admin/payouts?month=: each editor's statement of the month. */
export function usePayoutMonth(month: string) {
  return useQuery({
    queryKey: payoutKeys.month(month),
    queryFn: () => apiJson<StatementSummary[]>('GET', `${PAYOUTS}${toQuery({ month })}`),
  });
}

export function useStatement(editorId: string | null, month: string) {
  return useQuery({
    queryKey: payoutKeys.statement(editorId, month),
    queryFn: () => apiJson<Statement>('GET', `${PAYOUTS}/${enc(editorId ?? '')}/${enc(month)}`),
    enabled: Boolean(editorId),
  });
}

export const usePayOut = () =>
  usePayoutMutation(({ editorId, month }: { editorId: string; month: string }) =>
    apiJson<StatementAction>('POST', `${PAYOUTS}/${enc(editorId)}/${enc(month)}/pay-out`),
  );

export const useReversePayout = () =>
  usePayoutMutation((eventId: string) =>
    apiJson<StatementAction>('POST', `${EVENTS}/${enc(eventId)}/reverse`),
  );

/** The editor's own months (editors and lead editors only; the screen asks only for them). */
export function useMyPayouts(enabled = true) {
  return useQuery({
    queryKey: payoutKeys.mine,
    queryFn: () => apiJson<StatementSummary[]>('GET', MY_PAYOUTS),
    enabled,
  });
}

export function useMyStatement(month: string | null) {
  return useQuery({
    queryKey: payoutKeys.myMonth(month),
    queryFn: () => apiJson<Statement>('GET', `${MY_PAYOUTS}/${enc(month ?? '')}`),
    enabled: Boolean(month),
  });
}
