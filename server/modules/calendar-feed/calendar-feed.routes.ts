import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswer, textAnswer } from '@domain/api';
import {
  CALENDAR_FEED_DAYS,
  CALENDAR_FEED_MESSAGES,
  calendarFeedMadeSchema,
  calendarFeedStateSchema,
} from '@domain/api-tokens';
import { DAY_MS } from '@domain/day-counter';
import { notificationHref } from '@domain/notifications';
import { displayName } from '@domain/people';
import { normalizeStatus, STATUS_LABELS } from '@domain/video-status';
import { typeLabel } from '@domain/video-type-labels';
import type { Db } from '../../db/client';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { loadViewerScope } from '../scope/scope';
import {
  deleteCalendarFeed,
  feedVideos,
  findCalendarFeed,
  findFeedOwner,
  resetCalendarFeed,
} from './calendar-feed.repository';
import { iCalendar } from './ical';

/** Feed reads per minute per address: calendar apps poll; nothing needs more. */
const FEED_READS_PER_MINUTE = 60;

// The shape is checked by the handler, which answers the same 404 for any miss.
const feedParams = z.object({
  file: z.string().max(120).describe('The secret of the address, then `.ics`'),
});

/**
 * The private calendar feed (issue 46, item 3; docs/rules.md#api-tokens-and-the-calendar-feed).
 * The signed-in user makes, resets or turns off their address (a session only: `sessionOnly`);
 * a calendar app reads it with nothing but the secret in its path: the due dates of the videos
 * the user may read now, by the lists' rule (readableBy).
 */
export const calendarFeedRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: string }> = async (
  app,
  { db, publicUrl },
) => {
  const base = publicUrl.replace(/\/+$/, '');
  const feedUrl = (secret: string) => `${base}/api/calendar-feed/${secret}.ics`;
  const perAddress = app.createRateLimit({
    max: FEED_READS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (r) => `calendar-feed:${r.ip}`,
  }) as (r: FastifyRequest) => Promise<{ isExceeded?: boolean; ttl?: number }>;

  app.get(
    '/api/me/calendar-feed',
    {
      config: { sessionOnly: true },
      schema: {
        summary: 'Your calendar feed',
        description: 'Whether you have a calendar feed address, and since when (it is not kept).',
        response: { 200: calendarFeedStateSchema },
      },
    },
    async (request) => {
      const found = await findCalendarFeed(db, currentUser(request).id);
      return { active: Boolean(found), createdAt: found?.createdAt.toISOString() ?? null };
    },
  );

  app.post(
    '/api/me/calendar-feed',
    {
      config: {
        sessionOnly: true,
        limited: 'writes',
        audit: { kind: 'tokens', action: 'calendar-feed.reset', keepAnswer: false },
      },
      schema: {
        summary: 'Make or reset your calendar feed address',
        description:
          'A new secret address, in this answer only; the old one (if any) stops working at once.',
        response: { 201: calendarFeedMadeSchema },
      },
    },
    async (request, reply) => {
      const { secret, createdAt } = await resetCalendarFeed(db, currentUser(request).id);
      return reply
        .status(201)
        .send({ active: true as const, createdAt: createdAt.toISOString(), url: feedUrl(secret) });
    },
  );

  app.delete(
    '/api/me/calendar-feed',
    {
      config: {
        sessionOnly: true,
        audit: { kind: 'tokens', action: 'calendar-feed.off', keepAnswer: false },
      },
      schema: {
        summary: 'Turn off your calendar feed',
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      await deleteCalendarFeed(db, currentUser(request).id);
      return { message: CALENDAR_FEED_MESSAGES.turnedOff };
    },
  );

  app.get(
    '/api/calendar-feed/:file',
    {
      config: { public: true },
      // The secret is the path: the request's log line names the route, never the address.
      logSerializers: {
        req: (request: FastifyRequest) => ({
          method: request.method,
          url: '/api/calendar-feed/[secret]',
          remoteAddress: request.ip,
        }),
      },
      schema: {
        summary: 'Read a calendar feed (iCalendar)',
        description:
          'The secret address is the only key. An iCalendar (RFC 5545) of the due dates of the ' +
          `videos its owner may read, from ${CALENDAR_FEED_DAYS.past} days ago to ` +
          `${CALENDAR_FEED_DAYS.ahead} ahead: each with its status, client and link.`,
        params: feedParams,
        response: {
          200: textAnswer('The calendar', ['text/calendar']),
          404: messageAnswer,
          429: messageAnswer.describe('Too many reads from this address; see Retry-After'),
        },
      },
    },
    async (request, reply) => {
      const limit = await perAddress(request);
      if (limit.isExceeded) {
        reply.header('retry-after', String(Math.max(1, Math.ceil((limit.ttl ?? 0) / 1000))));
        throw new HttpError(429, CALENDAR_FEED_MESSAGES.tooMany);
      }
      const secret = request.params.file.replace(/\.ics$/, '');
      const user = await findFeedOwner(db, secret);
      if (!user) throw new HttpError(404, CALENDAR_FEED_MESSAGES.notFound);
      const scope = await loadViewerScope(db, user);
      const now = new Date();
      const rows = await feedVideos(
        db,
        scope,
        new Date(now.getTime() - CALENDAR_FEED_DAYS.past * DAY_MS),
        new Date(now.getTime() + CALENDAR_FEED_DAYS.ahead * DAY_MS),
      );
      const host = new URL(base).host;
      const body = iCalendar({
        name: `Video due dates (${displayName(user)})`,
        now,
        events: rows.map((v) => {
          const status = STATUS_LABELS[normalizeStatus(v.status)];
          const client = displayName({ name: v.ownerName, username: v.ownerUsername });
          const url = base + notificationHref({ videoId: v.id, commentId: null });
          return {
            uid: `${v.id}@${host}`,
            start: v.dueDate!,
            summary: `Due: ${v.name} (${status})`,
            description: `Status: ${status}\nClient: ${client}\nType: ${typeLabel(v.type)}\n${url}`,
            url,
            categories: status,
            modified: v.updatedAt,
          };
        }),
      });
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="due-dates.ics"')
        .send(body);
    },
  );
};
