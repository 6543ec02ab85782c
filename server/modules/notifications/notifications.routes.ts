import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checkDelayedAnswer,
  clearAllAnswer,
  markAllReadAnswer,
  notificationCountSchema,
  notificationListQuery,
  notificationListSchema,
  notificationSchema,
  restoreAnswer,
  restoreBody,
} from '@domain/notification-schemas';
import { messageAnswer } from '@domain/api';
import { CLIENT_TURN_MESSAGES, reviewRemindersSchema } from '@domain/client-turn';
import { isKing } from '@domain/roles';
import { NOTIFICATION_MESSAGES } from '@domain/notifications';
import type { Db } from '../../db/client';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { loadViewerScope } from '../scope/scope';
import {
  clearAll,
  countUnreadCached,
  createOverdueNotices,
  listNotificationsCached,
  markAllRead,
  markRead,
  restoreCleared,
} from './notifications.repository';
import { readReminderDays, saveReminderDays } from './reminders';

const NOT_FOUND = 'Notification not found';

/** docs/product.md#the-api 'Notifications': every call acts on the caller's own notifications only. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /**
   * Applies `change` (mark all read, clear all) to the caller's notifications; when any changed,
   * the caller's open tabs hear the new count. How many changed.
   */
  async function changeAll<T>(
    request: FastifyRequest,
    change: (db: Db, notices: typeof app.notices, recipientId: string) => Promise<T>,
    changed: (result: T) => boolean,
  ) {
    const user = currentUser(request);
    const result = await change(db, app.notices, user.id);
    if (changed(result)) app.notifier.countsChanged([user.id]);
    return result;
  }

  app.get(
    '/api/notifications',
    {
      schema: {
        querystring: notificationListQuery,
        response: { 200: notificationListSchema },
      },
    },
    async (request) =>
      listNotificationsCached(db, app.notices, currentUser(request).id, {
        includeRead: request.query.includeRead === 'true',
      }),
  );

  app.get(
    '/api/notifications/count',
    { schema: { response: { 200: notificationCountSchema } } },
    async (request) => ({
      count: await countUnreadCached(db, app.notices, currentUser(request).id),
    }),
  );

  app.patch(
    '/api/notifications/:id/read',
    {
      schema: {
        summary: 'Mark a notification read',
        params: z.object({ id: z.uuid({ error: NOT_FOUND }) }),
        response: { 200: notificationSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const row = await markRead(db, app.notices, request.params.id, user.id);
      if (!row) throw new HttpError(404, NOT_FOUND);
      app.notifier.countsChanged([user.id]);
      return row;
    },
  );

  app.post(
    '/api/notifications/mark-all-read',
    { schema: { summary: 'Mark every notification read', response: { 200: markAllReadAnswer } } },
    async (request) => ({
      message: 'All notifications marked as read',
      updated: await changeAll(request, markAllRead, (n) => n > 0),
    }),
  );

  app.delete(
    '/api/notifications/clear-all',
    {
      schema: { summary: 'Clear every notification (undoable)', response: { 200: clearAllAnswer } },
    },
    async (request) => ({
      message: NOTIFICATION_MESSAGES.cleared,
      ...(await changeAll(request, clearAll, (r) => r.deleted > 0)),
    }),
  );

  // Undoes the caller's own clear all (docs/rules.md#who-may-do-what: notifications are the recipient's
  // only); anyone else's, an unknown or an expired one is 404, as a notification not theirs is.
  app.post(
    '/api/notifications/restore',
    {
      schema: {
        summary: 'Undo a clear: bring the cleared notifications back',
        body: restoreBody,
        response: {
          200: restoreAnswer,
          404: messageAnswer.describe('Not the caller’s clear all, already undone or too old'),
        },
      },
    },
    async (request) => {
      const { undoId } = request.body;
      const restored = await changeAll(
        request,
        (db, notices, recipientId) => restoreCleared(db, notices, recipientId, undoId),
        (n) => n > 0,
      );
      if (!restored) throw new HttpError(404, NOTIFICATION_MESSAGES.nothingToRestore);
      return { message: NOTIFICATION_MESSAGES.restored, restored };
    },
  );

  app.post(
    '/api/notifications/check-delayed',
    {
      schema: {
        summary: 'Notify about the overdue videos the caller may read',
        response: { 200: checkDelayedAnswer },
      },
    },
    async (request) => {
      const scope = await loadViewerScope(db, currentUser(request));
      const created = await createOverdueNotices(db, app.notices, scope);
      app.notifier.created(created);
      return {
        message: created.length
          ? `${created.length} overdue video(s) notified`
          : 'No new overdue videos',
        created: created.length,
      };
    },
  );

  // When a client waiting in review is reminded (issue 41): the agency's setting, the king's.
  app.get(
    '/api/admin/review-reminders',
    { schema: { response: { 200: reviewRemindersSchema } } },
    async (request) => {
      if (!isKing(currentUser(request))) throw new HttpError(403, CLIENT_TURN_MESSAGES.kingOnly);
      return { days: await readReminderDays(db) };
    },
  );

  app.put(
    '/api/admin/review-reminders',
    { schema: { body: reviewRemindersSchema, response: { 200: reviewRemindersSchema } } },
    async (request) => {
      if (!isKing(currentUser(request))) throw new HttpError(403, CLIENT_TURN_MESSAGES.kingOnly);
      return { days: await saveReminderDays(db, request.body.days) };
    },
  );
};
