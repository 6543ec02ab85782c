import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUDIT_CSV_HEADER,
  AUDIT_KIND_LABELS,
  AUDIT_MESSAGES,
  AUDIT_PAGE_MAX,
  auditPageSchema,
  auditQuery,
} from '@domain/audit';
import { csvDateTime, csvText } from '@domain/csv';
import { isKing } from '@domain/roles';
import { textAnswer } from '@domain/api';
import type { Db } from '../../db/client';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { listAuditEvents } from './audit.repository';

/** The most entries one CSV holds (the newest of the filter). */
const CSV_MAX = 50_000;

/** The audit log, read by the king (docs/rules.md "Audit log"); nothing here changes it. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('preHandler', async (request) => {
    if (!isKing(currentUser(request))) throw new HttpError(403, AUDIT_MESSAGES.forbidden);
  });

  app.get(
    '/api/admin/audit',
    {
      schema: {
        summary: 'Read the audit log',
        description: `The audit log's entries, newest first, filtered; at most ${AUDIT_PAGE_MAX} a page.`,
        querystring: auditQuery,
        response: { 200: auditPageSchema },
      },
    },
    async (request) => listAuditEvents(db, request.query),
  );

  app.get(
    '/api/admin/audit.csv',
    {
      schema: {
        summary: 'Export the audit log as CSV',
        querystring: auditQuery.omit({ limit: true, offset: true }),
        response: { 200: textAnswer('The filtered audit log as CSV, newest first', ['text/csv']) },
      },
    },
    async (request, reply) => {
      const { events } = await listAuditEvents(db, { ...request.query, limit: CSV_MAX, offset: 0 });
      const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(
          csvText(
            AUDIT_CSV_HEADER,
            events.map((e) => [
              csvDateTime(e.at),
              e.actorName,
              e.address,
              AUDIT_KIND_LABELS[e.kind],
              e.action,
              e.subject,
              json(e.before),
              json(e.after),
            ]),
          ),
        );
    },
  );
};
