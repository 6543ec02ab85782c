import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReviewReminders } from '@domain/client-turn';
import { apiJson } from '../lib/api-client';

/** When clients waiting in review are reminded (issue 41): the king's setting. */
export const reviewReminderKeys = {
  days: () => ['/api/admin', 'review-reminders'] as const,
};

/** GET /api/admin/review-reminders (king only). */
export function useReviewReminders(enabled: boolean) {
  return useQuery({
    queryKey: reviewReminderKeys.days(),
    queryFn: () => apiJson<ReviewReminders>('GET', '/api/admin/review-reminders'),
    enabled,
  });
}

/** PUT /api/admin/review-reminders: the answer is the days as kept (in order). */
export function useSaveReviewReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReviewReminders) =>
      apiJson<ReviewReminders>('PUT', '/api/admin/review-reminders', body),
    onSuccess: (saved) => queryClient.setQueryData(reviewReminderKeys.days(), saved),
  });
}
