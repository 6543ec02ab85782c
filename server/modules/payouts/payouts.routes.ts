import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageAnswer } from '@domain/api';
import { formatInvoiceMoney } from '@domain/invoices';
import { displayName } from '@domain/people';
import {
  editorRateAnswer,
  editorRateBody,
  editorRateListSchema,
  editorRateParams,
  myStatementParams,
  PAYOUT_MESSAGES,
  payoutEventParams,
  payoutMonthOf,
  payoutMonthQuery,
  statementActionSchema,
  statementCsvAnswer,
  statementFileName,
  statementParams,
  statementPdfAnswer,
  statementSchema,
  statementSummaryListSchema,
  type Statement,
} from '@domain/payouts';
import { hasPayouts } from '@domain/payout-labels';
import type { Db } from '../../db/client';
import { and, eq, isNull } from 'drizzle-orm';
import { editorRates, payoutEvents } from '../../db/schema';
import { paramOf } from '../../plugins/audit';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { readAgency } from '../invoices/invoices.repository';
import {
  deleteRate,
  editorStatements,
  findPerson,
  listRates,
  monthStatements,
  payOut,
  reversePayOut,
  saveRate,
  statement,
  typeExists,
} from './payouts.repository';
import { renderStatementPdf, statementCsv } from './statement-files';

/**
 * Editor rates, statements and the payout ledger (issue 44; docs/rules.md "Payouts"). Under
 * /api/admin/ the king and admins (the admin guard); under /api/me/payouts an editor or lead
 * editor reads its own statements, and no one else's.
 */
export const payoutsRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/admin/')) {
      route.config = { ...route.config, adminRefusal: PAYOUT_MESSAGES.forbidden };
    }
  });

  const actorOf = (request: FastifyRequest) => {
    const user = currentUser(request);
    return { id: user.id, name: displayName(user) };
  };

  /** An editor or lead editor by id (404 for anyone else): the statement's fallback name. */
  const editorOr404 = async (id: string) => {
    const person = await findPerson(db, id);
    if (!person || !hasPayouts(person)) return null;
    return displayName(person);
  };

  /** The statement of (editor, month); 404 for an id that is no editor and has no payouts. */
  const statementOr404 = async (editorId: string, month: string) => {
    const name = await editorOr404(editorId);
    const found = await inCurrency(statement(db, editorId, month, name ?? ''));
    if (name === null && found.items.length === 0 && found.events.length === 0) {
      throw new HttpError(404, PAYOUT_MESSAGES.editorNotFound);
    }
    return found;
  };

  const sendCsv = (reply: FastifyReply, s: Statement) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="${statementFileName(s.editorName, s.month, 'csv')}"`,
      )
      .header('cache-control', 'no-store')
      .send(statementCsv(s));
  const sendPdf = async (reply: FastifyReply, s: Statement) => {
    const agency = await readAgency(db);

    return reply
      .header('content-type', 'application/pdf')
      .header(
        'content-disposition',
        `attachment; filename="${statementFileName(s.editorName, s.month, 'pdf')}"`,
      )
      .send(await renderStatementPdf(s, agency));
  };
  const currency = async () => (await readAgency(db)).currency;
  const money = async (amount: string) => formatInvoiceMoney(amount, await currency());
  /** A statement, and a list of them, in the agency's currency. */
  const inCurrency = async <T extends object>(row: Promise<T>) => {
    const [found, c] = await Promise.all([row, currency()]);
    return { ...found, currency: c };
  };
  const allInCurrency = async <T extends object>(rows: Promise<T[]>) => {
    const [found, c] = await Promise.all([rows, currency()]);
    return found.map((r) => ({ ...r, currency: c }));
  };

  // --- Rates --------------------------------------------------------------------------------------

  app.get('/api/admin/editor-rates', { schema: { response: { 200: editorRateListSchema } } }, () =>
    listRates(db),
  );

  app.put(
    '/api/admin/editor-rates',
    {
      config: {
        audit: {
          kind: 'payouts',
          action: 'rate.set',
          before: async (request) => {
            const { editorId, videoType } = request.body as {
              editorId?: string | null;
              videoType: string;
            };
            const [row] = await db
              .select()
              .from(editorRates)
              .where(
                and(
                  eq(editorRates.videoType, videoType),
                  editorId ? eq(editorRates.editorId, editorId) : isNull(editorRates.editorId),
                ),
              );
            return row ?? null;
          },
          subject: (request) => {
            const { editorId, videoType } = request.body as {
              editorId?: string | null;
              videoType: string;
            };
            return `${videoType}, ${editorId ? `editor ${editorId}` : 'default'}`;
          },
        },
      },
      schema: { body: editorRateBody, response: { 200: editorRateAnswer, 404: messageAnswer } },
    },
    async (request) => {
      const { editorId = null, videoType, rate, roundRate = null } = request.body;
      if (editorId !== null && (await editorOr404(editorId)) === null) {
        throw new HttpError(404, PAYOUT_MESSAGES.editorNotFound);
      }
      if (!(await typeExists(db, videoType))) {
        throw new HttpError(404, PAYOUT_MESSAGES.unknownType(videoType));
      }
      const saved = await saveRate(
        db,
        { editorId, videoType, rate, roundRate },
        currentUser(request).id,
      );
      return { message: PAYOUT_MESSAGES.rateSaved, rate: saved };
    },
  );

  app.delete(
    '/api/admin/editor-rates/:id',
    {
      config: {
        audit: {
          kind: 'payouts',
          action: 'rate.remove',
          before: async (request) =>
            (
              await db
                .select()
                .from(editorRates)
                .where(eq(editorRates.id, paramOf(request, 'id')))
            )[0] ?? null,
          subject: (_request, _after, before) =>
            (before as { videoType?: string } | null)?.videoType ?? null,
        },
      },
      schema: { params: editorRateParams, response: { 200: messageAnswer } },
    },
    async (request) => {
      if (!(await deleteRate(db, request.params.id))) {
        throw new HttpError(404, PAYOUT_MESSAGES.rateNotFound);
      }
      return { message: PAYOUT_MESSAGES.rateRemoved };
    },
  );

  // --- Statements and the ledger -------------------------------------------------------------------

  app.get(
    '/api/admin/payouts',
    { schema: { querystring: payoutMonthQuery, response: { 200: statementSummaryListSchema } } },
    (request) =>
      allInCurrency(monthStatements(db, request.query.month ?? payoutMonthOf(new Date()))),
  );

  app.get(
    '/api/admin/payouts/:editorId/:month',
    { schema: { params: statementParams, response: { 200: statementSchema } } },
    (request) => statementOr404(request.params.editorId, request.params.month),
  );

  app.get(
    '/api/admin/payouts/:editorId/:month/csv',
    { schema: { params: statementParams, response: { 200: statementCsvAnswer } } },
    async (request, reply) =>
      sendCsv(reply, await statementOr404(request.params.editorId, request.params.month)),
  );

  app.get(
    '/api/admin/payouts/:editorId/:month/pdf',
    { schema: { params: statementParams, response: { 200: statementPdfAnswer } } },
    async (request, reply) =>
      sendPdf(reply, await statementOr404(request.params.editorId, request.params.month)),
  );

  app.post(
    '/api/admin/payouts/:editorId/:month/pay-out',
    {
      config: {
        idempotent: true,
        audit: {
          kind: 'payouts',
          action: 'payout.pay-out',
          before: (request) =>
            statement(db, paramOf(request, 'editorId'), paramOf(request, 'month'), ''),
          subject: (request) =>
            `editor ${paramOf(request, 'editorId')}, ${paramOf(request, 'month')}`,
        },
      },
      schema: {
        params: statementParams,
        response: { 200: statementActionSchema, 409: messageAnswer },
      },
    },
    async (request) => {
      const { editorId, month } = request.params;
      await statementOr404(editorId, month);
      const made = await payOut(db, editorId, month, actorOf(request));
      if (made === 'nothing') throw new HttpError(409, PAYOUT_MESSAGES.nothingToPay);
      const after = await inCurrency(statement(db, editorId, month, ''));
      return {
        message: PAYOUT_MESSAGES.paidOut(after.editorName, month, await money(made.amount)),
        statement: after,
      };
    },
  );

  app.post(
    '/api/admin/payout-events/:id/reverse',
    {
      config: {
        idempotent: true,
        audit: {
          kind: 'payouts',
          action: 'payout.reverse',
          before: async (request) =>
            (
              await db
                .select()
                .from(payoutEvents)
                .where(eq(payoutEvents.id, paramOf(request, 'id')))
            )[0] ?? null,
          subject: (request) => `payout entry ${paramOf(request, 'id')}`,
        },
      },
      schema: {
        params: payoutEventParams,
        response: { 200: statementActionSchema, 409: messageAnswer },
      },
    },
    async (request) => {
      const made = await reversePayOut(db, request.params.id, actorOf(request));
      if (made === 'not_found') throw new HttpError(404, PAYOUT_MESSAGES.eventNotFound);
      if (made === 'not_paid_out') throw new HttpError(409, PAYOUT_MESSAGES.onlyPaidOut);
      if (made === 'already') throw new HttpError(409, PAYOUT_MESSAGES.alreadyReversed);
      return {
        message: PAYOUT_MESSAGES.reversed(made.editorName, made.month, await money(made.amount)),
        statement: await inCurrency(statement(db, made.editorId, made.month, made.editorName)),
      };
    },
  );

  // --- An editor's own ---------------------------------------------------------------------------

  /** The editor asking, by the session; clients, team leads and the king are refused. */
  const editorOf = (request: FastifyRequest) => {
    const user = currentUser(request);
    if (!hasPayouts(user)) throw new HttpError(403, PAYOUT_MESSAGES.editorsOnly);
    return user;
  };
  const ownStatement = (request: FastifyRequest, month: string) => {
    const user = editorOf(request);
    return inCurrency(statement(db, user.id, month, displayName(user)));
  };

  app.get(
    '/api/me/payouts',
    { schema: { response: { 200: statementSummaryListSchema } } },
    (request) => allInCurrency(editorStatements(db, editorOf(request).id)),
  );

  app.get(
    '/api/me/payouts/:month',
    { schema: { params: myStatementParams, response: { 200: statementSchema } } },
    (request) => ownStatement(request, request.params.month),
  );

  app.get(
    '/api/me/payouts/:month/csv',
    { schema: { params: myStatementParams, response: { 200: statementCsvAnswer } } },
    async (request, reply) => sendCsv(reply, await ownStatement(request, request.params.month)),
  );

  app.get(
    '/api/me/payouts/:month/pdf',
    { schema: { params: myStatementParams, response: { 200: statementPdfAnswer } } },
    async (request, reply) => sendPdf(reply, await ownStatement(request, request.params.month)),
  );
};
