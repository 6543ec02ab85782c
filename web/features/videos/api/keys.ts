/**
 * Query keys of the video calls. Every list and detail key starts with '/api/videos', so one
 * invalidation of that prefix refreshes all of them after a write (SPEC.md section 7).
 */
export const videoKeys = {
  all: ['/api/videos'] as const,
  list: () => ['/api/videos'] as const,
  count: () => ['/api/videos', 'count'] as const,
  detail: (id: string) => ['/api/videos', id] as const,
};

/**
 * Lists other screens keep of the same videos, and the lead dashboard's tiles (web/api/lead.ts
 * invalidateLead: they count videos); refreshed too after a write.
 */
export const RELATED_VIDEO_KEYS = [
  ['/api/videos'],
  ['/api/admin/videos'],
  ['/api/king'],
  ['/api/lead/summary'],
] as const;
