import { useQuery, type QueryClient } from '@tanstack/react-query';
import { apiJson } from '../lib/api-client';
import { invalidateKeys } from '../lib/query-client';

/**
 * The two lists of one kind of people (`noun`: clients or editors), each person with their
 * counts: GET /api/{noun}, every one the viewer may see, and GET /api/assignments/my-{noun},
 * the signed-in user's own through its assignments (the answer's `assigned{Noun}`). Each key is
 * its GET path; a video, assignment or user write changes the counts, so those writes refresh
 * both (`invalidate`).
 */
export function peopleLists<T, N extends 'clients' | 'editors'>(noun: N) {
  const keys = {
    all: [`/api/${noun}`] as const,
    mine: [`/api/assignments/my-${noun}`] as const,
  };
  const field = `assigned${noun[0]!.toUpperCase()}${noun.slice(1)}` as `assigned${Capitalize<N>}`;
  const getAll = () => apiJson<T[]>('GET', keys.all[0]);
  const getMine = async () =>
    (await apiJson<Record<typeof field, T[]>>('GET', keys.mine[0]))[field];
  return {
    keys,
    invalidate: (queryClient: QueryClient) => invalidateKeys(queryClient, [keys.all, keys.mine]),
    useAll: (options: { enabled?: boolean } = {}) =>
      useQuery({ queryKey: keys.all, queryFn: getAll, ...options }),
    useMine: (options: { enabled?: boolean } = {}) =>
      useQuery({ queryKey: keys.mine, queryFn: getMine, ...options }),
  };
}
