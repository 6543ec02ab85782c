import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Retainer, RetainerBody, RetainerCard, RetainerRow } from '@domain/retainers';
import { apiJson } from '../lib/api-client';
import { toQuery } from '../lib/query-string';
import { invalidateInvoicing } from './invoicing';
import { invalidateRevenue } from './revenue';

/* Retainers (issue 42). Shapes: domain/retainers.ts. */

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
    queryFn: () => apiJson<RetainerRow[]>('GET', `${RETAINERS}${toQuery({ month })}`),
  });
}

export function useClientRetainer(clientId: string | null) {
  return useQuery({
    queryKey: retainerKeys.client(clientId),
    queryFn: () => apiJson<Retainer | null>('GET', retainerPath(clientId ?? '')),
    enabled: Boolean(clientId),
  });
}

export const useSaveRetainer = () =>
  useRetainerMutation(({ clientId, ...body }: RetainerBody & { clientId: string }) =>
    apiJson<Retainer | null>('PUT', retainerPath(clientId), body),
  );

/** DELETE /api/admin/clients/{id}/retainer: it ends after the current month. */
export const useEndRetainer = () =>
  useRetainerMutation((clientId: string) =>
    apiJson<Retainer | null>('DELETE', retainerPath(clientId)),
  );

/** The client's own retainer card (clients only; the dashboard asks only for a client). */
export function useMyRetainer(enabled = true) {
  return useQuery({
    queryKey: retainerKeys.mine,
    queryFn: () => apiJson<RetainerCard | null>('GET', MY_RETAINER),
    enabled,
  });
}
