import { z } from 'zod';
import { NOTIFICATION_MESSAGES, type NotificationView } from './notifications';

/**
 * The response schemas of the notification calls. Apart from domain/notifications.ts so the web
 * app's bell, which needs only the texts and rules, does not download zod.
 */
export const notificationSchema: z.ZodType<NotificationView> = z.object({
  id: z.string(),
  recipientId: z.string(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  videoId: z.string().nullable(),
  commentId: z.string().nullable(),
  isRead: z.boolean(),
  priority: z.string(),
  createdAt: z.string(),
});

export const notificationListSchema = z.array(notificationSchema);

/** GET /api/notifications: unread only unless `includeRead` is 'true'. */
export const notificationListQuery = z.object({
  includeRead: z.enum(['true', 'false'], { error: 'includeRead must be true or false' }).optional(),
});
export type NotificationListQuery = z.input<typeof notificationListQuery>;

/** GET /api/notifications/count: the caller's unread count (the bell's badge). */
export const notificationCountSchema = z.object({ count: z.number() });
export type NotificationCount = z.infer<typeof notificationCountSchema>;

/** POST /api/notifications/mark-all-read. */
export const markAllReadAnswer = z.object({ message: z.string(), updated: z.number() });
export type MarkAllReadAnswer = z.infer<typeof markAllReadAnswer>;

/**
 * DELETE /api/notifications/clear-all: how many went, and the id that restores exactly them
 * (POST /api/notifications/restore) for NOTIFICATION_UNDO_KEEP_MS.
 */
export const clearAllAnswer = z.object({
  message: z.string(),
  deleted: z.number(),
  undoId: z.string(),
});
export type ClearAllAnswer = z.infer<typeof clearAllAnswer>;

/** POST /api/notifications/restore: undoes the caller's clear all `undoId`. */
export const restoreBody = z.object({
  undoId: z.uuid({ error: NOTIFICATION_MESSAGES.nothingToRestore }),
});
export type RestoreBody = z.infer<typeof restoreBody>;
export const restoreAnswer = z.object({ message: z.string(), restored: z.number() });
export type RestoreAnswer = z.infer<typeof restoreAnswer>;

/** POST /api/notifications/check-delayed: how many overdue notices were created now. */
export const checkDelayedAnswer = z.object({ message: z.string(), created: z.number() });
export type CheckDelayedAnswer = z.infer<typeof checkDelayedAnswer>;
