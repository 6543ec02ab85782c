import {
  QueryClient,
  replaceEqualDeep,
  type QueryFunction,
  type QueryKey,
} from '@tanstack/react-query';
import { apiFetch, carryTag, readJson, revalidating } from './api-client';

type On401 = 'returnNull' | 'throw';

/**
 * The default read (docs/product.md#the-api): a GET of the query key joined with '/', e.g.
 * `['/api/users', id]` reads `/api/users/{id}`. A 401 throws unless `on401` is 'returnNull'.
 * It sends the tag of the answer held for the key, and keeps that answer when told 304.
 */
export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T | null> {
  return async ({ queryKey, client }) => {
    const held = client.getQueryData<T>(queryKey);
    const response = await apiFetch('GET', queryKey.join('/'), undefined, revalidating(held));
    if (on401 === 'returnNull' && response.status === 401) return null;
    return readJson(response, held);
  };
}

/**
 * The query cache's sharing of unchanged parts between an old and a new answer, keeping the new
 * answer's tag on what is kept (so the next read can name it: web/lib/api-client.ts).
 */
export function shareTagged(old: unknown, next: unknown): unknown {
  const shared = replaceEqualDeep(old, next);
  carryTag(next, shared);
  return shared;
}

/**
 * Marks every query under each key (a key and the keys that start with it) to be read again,
 * the shown ones at once; resolves when they have been. What web/api's invalidation helpers use.
 */
export function invalidateKeys(queryClient: QueryClient, keys: readonly QueryKey[]): Promise<void> {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(
    () => undefined,
  );
}

/**
 * docs/product.md#the-api: cached data is never stale (every mount refetches), no refetch on window
 * focus, no polling unless a query asks for it, no retries.
 */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        structuralSharing: shareTagged,
        staleTime: 0,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });

export const queryClient = createQueryClient();
