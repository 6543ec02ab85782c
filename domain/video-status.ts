/** Video statuses and their input aliases (docs/product.md#statuses-and-the-workflow). */
export const VIDEO_STATUSES = [
  'draft',
  'in_progress',
  'review',
  'ready_to_post',
  'posted',
] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/**
 * Completed: the agency's work is done (ready to post or posted). Billing counts these, and they
 * are never overdue (domain/workflow.ts). The SQL twins read this list too.
 */
export const COMPLETED_STATUSES = [
  'ready_to_post',
  'posted',
] as const satisfies readonly VideoStatus[];

export const STATUS_LABELS: Record<VideoStatus, string> = {
  draft: 'Draft',
  in_progress: 'In Progress',
  review: 'In Review',
  ready_to_post: 'Ready to Post',
  posted: 'Posted',
};

const ALIASES: Record<string, VideoStatus> = {
  ready: 'ready_to_post',
  'ready to post': 'ready_to_post',
  'ready to be posted': 'ready_to_post',
  'in progress': 'in_progress',
};

export function isVideoStatus(value: unknown): value is VideoStatus {
  return typeof value === 'string' && (VIDEO_STATUSES as readonly string[]).includes(value);
}

/** A status text's status: a known value or alias (any case, spaces or underscores); else null. */
export function statusFromText(raw: string | null | undefined): VideoStatus | null {
  const value = (raw ?? '').trim().toLowerCase();
  if (isVideoStatus(value)) return value;
  return ALIASES[value.replace(/[_\s]+/g, ' ')] ?? null;
}

/** Maps any status text to a status: known values and aliases, otherwise draft. */
export function normalizeStatus(raw: string | null | undefined): VideoStatus {
  return statusFromText(raw) ?? 'draft';
}
