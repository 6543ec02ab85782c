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
} from '@domain/notification-schemas';
import type { Db } from '../../db/client';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { loadViewerScope } from '../videos/scope';
import {
  clearAll,
  countUnreadCached,
  createOverdueNotices,
  listNotificationsCached,
  markAllRead,
  markRead,
} from './notifications.repository';

const NOT_FOUND = 'Notification not found';

/** SPEC.md section 7 'Notifications': every call acts on the caller's own notifications only. */
export const notificationsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /**
   * Applies `change` (mark all read, clear all) to the caller's notifications; when any changed,
   * the caller's open tabs hear the new count. How many changed.
   */
  async function changeAll(request: FastifyRequest, change: typeof markAllRead) {
    const user = currentUser(request);
    const changed = await change(db, app.notices, user.id);
    if (changed) await app.realtime.countsChanged([user.id]);
    return changed;
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
        params: z.object({ id: z.uuid({ error: NOT_FOUND }) }),
        response: { 200: notificationSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const row = await markRead(db, app.notices, request.params.id, user.id);
      if (!row) throw new HttpError(404, NOT_FOUND);
      await app.realtime.countsChanged([user.id]);
      return row;
    },
  );

  app.post(
    '/api/notifications/mark-all-read',
    { schema: { response: { 200: markAllReadAnswer } } },
    async (request) => ({
      message: 'All notifications marked as read',
      updated: await changeAll(request, markAllRead),
    }),
  );

  app.delete(
    '/api/notifications/clear-all',
    { schema: { response: { 200: clearAllAnswer } } },
    async (request) => ({
      message: 'Notifications cleared',
      deleted: await changeAll(request, clearAll),
    }),
  );

  app.post(
    '/api/notifications/check-delayed',
    { schema: { response: { 200: checkDelayedAnswer } } },
    async (request) => {
      const scope = await loadViewerScope(db, currentUser(request));
      const created = await createOverdueNotices(db, app.notices, scope);
      await app.realtime.notificationsCreated(created);
      return {
        message: created.length
          ? `${created.length} overdue video(s) notified`
          : 'No new overdue videos',
        created: created.length,
      };
    },
  );
};
