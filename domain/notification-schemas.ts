import { z } from 'zod';
import type { NotificationView } from './notifications';

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

export const notificationCountSchema = z.object({ count: z.number() });
