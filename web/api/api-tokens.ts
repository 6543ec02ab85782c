import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '@domain/api';
import type {
  ApiTokenView,
  CalendarFeedMade,
  CalendarFeedState,
  CreateApiTokenBody,
  CreatedApiToken,
} from '@domain/api-tokens';
import { apiJson } from '../lib/api-client';

/**
 * One's API tokens and calendar feed (server/modules/api-tokens, server/modules/calendar-feed;
 * issue 46): the profile's calls, with the session (these routes refuse a token).
 */

/** Query keys: the GET paths, segment by segment. */
export const apiTokenKeys = {
  list: () => ['/api/me', 'api-tokens'] as const,
  calendarFeed: () => ['/api/me', 'calendar-feed'] as const,
};

/** GET /api/me/api-tokens: newest first, never a secret. */
export const useApiTokens = () =>
  useQuery({
    queryKey: apiTokenKeys.list(),
    queryFn: () => apiJson<ApiTokenView[]>('GET', '/api/me/api-tokens'),
  });

/** POST /api/me/api-tokens: the answer's `token` is shown this once. */
export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiTokenBody) =>
      apiJson<CreatedApiToken>('POST', '/api/me/api-tokens', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.list() }),
  });
}

/** DELETE /api/me/api-tokens/{id}: the token stops working at once. */
export function useRevokeApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiJson<MessageAnswer>('DELETE', `/api/me/api-tokens/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiTokenKeys.list() }),
  });
}

/** GET /api/me/calendar-feed: whether there is a feed (its address is not kept). */
export const useCalendarFeed = () =>
  useQuery({
    queryKey: apiTokenKeys.calendarFeed(),
    queryFn: () => apiJson<CalendarFeedState>('GET', '/api/me/calendar-feed'),
  });

/** POST /api/me/calendar-feed: a new address (shown this once); the old one stops working. */
export function useResetCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<CalendarFeedMade>('POST', '/api/me/calendar-feed'),
    onSuccess: (made) =>
      queryClient.setQueryData<CalendarFeedState>(apiTokenKeys.calendarFeed(), {
        active: true,
        createdAt: made.createdAt,
      }),
  });
}

/** DELETE /api/me/calendar-feed: the address stops working. */
export function useTurnOffCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<MessageAnswer>('DELETE', '/api/me/calendar-feed'),
    onSuccess: () =>
      queryClient.setQueryData<CalendarFeedState>(apiTokenKeys.calendarFeed(), {
        active: false,
        createdAt: null,
      }),
  });
}
