import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiJson } from '../lib/api-client';
import { toQuery } from '../lib/query-string';
import { invalidateInvoicing } from './invoicing';
import { invalidateRevenue } from './revenue';

/*
 * Retainers (issue 42, helper A's routes). Merge note: these types are written from the
 * contract before the routes existed; when A's domain file exports the schemas, each type here
 * becomes the `z.infer` (answers) or `z.input` (bodies) of its schema.
 */

/** A retainer's terms from a month's first day ('YYYY-MM') on. */
export interface RetainerTerms {
  effectiveFrom: string;
  monthlyFee: string;
  /** A total allowance, or null when it is per video type. */
  allowance: number | null;
  /** Videos a month per video type name, or null for a total allowance. */
  allowanceByType: Record<string, number> | null;
  rolloverMax: number;
  rolloverMonths: number;
}

/** A retainer month's counts, in all or for one bucket. */
export interface RetainerCounts {
  allowance: number;
  rolledOver: number;
  used: number;
  left: number;
  overage: number;
}

/** GET /api/me/retainer: the signed-in client's month (null: no retainer runs this month). */
export interface MyRetainer extends RetainerCounts {
  month: string;
  /** 'YYYY-MM-DD': the first day of the next month. */
  resetsOn: string;
  /** Per video type, when the allowance is per type. */
  byType?: (RetainerCounts & { type: string })[];
}

/**
 * A client's retainer as GET/PUT/DELETE /api/admin/clients/{id}/retainer answer (null: none):
 * the terms of this month (before the start: of the start month), terms set for a later month,
 * and this month's counts.
 */
export interface ClientRetainer {
  clientId: string;
  /** 'YYYY-MM'. */
  startMonth: string;
  endMonth: string | null;
  terms: RetainerTerms;
  nextTerms: RetainerTerms | null;
  thisMonth: MyRetainer | null;
}

/** PUT /api/admin/clients/{id}/retainer: a total allowance or one per type, not both. */
export interface RetainerBody {
  monthlyFee: string;
  allowance?: number | null;
  allowanceByType?: Record<string, number> | null;
  rolloverMax: number;
  rolloverMonths: number;
  /** Only before the retainer starts (a started one keeps its start). */
  startMonth?: string;
  endMonth?: string | null;
}

/** One row of GET /api/admin/retainers?month=YYYY-MM. */
export interface RetainerMonthRow {
  clientId: string;
  clientName: string;
  month: string;
  fee: string;
  allowance: number;
  rolledOver: number;
  used: number;
  left: number;
  overage: number;
  closed: boolean;
}

const RETAINERS = '/api/admin/retainers';
const MY_RETAINER = '/api/me/retainer';
const CLIENTS = '/api/admin/clients';
const enc = encodeURIComponent;
const retainerPath = (clientId: string) => `${CLIENTS}/${enc(clientId)}/retainer`;

/** Each key is its GET path's parts (a client's: `['/api/admin/clients', id, 'retainer']`). */
export const retainerKeys = {
  all: [RETAINERS] as const,
  month: (month: string) => [RETAINERS, { month }] as const,
  client: (clientId: string | null) => [CLIENTS, clientId, 'retainer'] as const,
  mine: [MY_RETAINER] as const,
};

/** Every retainer read: the month table, a client's retainer, the client's own card. */
export const invalidateRetainers = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: retainerKeys.all }),
    queryClient.invalidateQueries({ queryKey: retainerKeys.mine }),
    queryClient.invalidateQueries({
      predicate: ({ queryKey }) => queryKey[0] === CLIENTS && queryKey[2] === 'retainer',
    }),
  ]).then(() => undefined);

/** A retainer write moves the retainers and what videos owe: rows and revenue too. */
function useRetainerMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        invalidateRetainers(queryClient),
        invalidateInvoicing(queryClient),
        invalidateRevenue(queryClient),
      ]),
  });
}

export function useRetainerMonth(month: string) {
  return useQuery({
    queryKey: retainerKeys.month(month),
    queryFn: () => apiJson<RetainerMonthRow[]>('GET', `${RETAINERS}${toQuery({ month })}`),
  });
}

export function useClientRetainer(clientId: string | null) {
  return useQuery({
    queryKey: retainerKeys.client(clientId),
    queryFn: () => apiJson<ClientRetainer | null>('GET', retainerPath(clientId ?? '')),
    enabled: Boolean(clientId),
  });
}

export const useSaveRetainer = () =>
  useRetainerMutation(({ clientId, ...body }: RetainerBody & { clientId: string }) =>
    apiJson<ClientRetainer>('PUT', retainerPath(clientId), body),
  );

/** DELETE /api/admin/clients/{id}/retainer: it ends after the current month. */
export const useEndRetainer = () =>
  useRetainerMutation((clientId: string) =>
    apiJson<ClientRetainer | null>('DELETE', retainerPath(clientId)),
  );

/** The client's own retainer card (clients only; the dashboard asks only for a client). */
export function useMyRetainer(enabled = true) {
  return useQuery({
    queryKey: retainerKeys.mine,
    queryFn: () => apiJson<MyRetainer | null>('GET', MY_RETAINER),
    enabled,
  });
}
