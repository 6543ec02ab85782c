import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  invoicingCsvAnswer,
  invoicingCsvQuery,
  ledgerCsvAnswer,
  ledgerEventListSchema,
  ledgerQuery,
  monthOf,
  addMonths,
  monthStart,
  revenueBreakdownQuery,
  revenueBreakdownSchema,
  unpaidAgingSchema,
} from '@domain/invoicing';
import type { Db } from '../../db/client';
import { invoicingCsv, ledgerCsv } from './csv';
import { listInvoicingRows } from './invoicing.repository';
import { listLedgerEvents } from './ledger.repository';
import { revenueBreakdown, unpaidAging } from './reports.repository';

/**
 * Reports beyond docs/product.md: the filtered invoicing rows as CSV, the month's revenue by client, type and editor, and unpaid work by age. The admin guard
 * covers these too (they live under /api/admin/).
 */
export const reportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const ledgerOf = (month: string | undefined) =>
    listLedgerEvents(
      db,
      month ? { start: monthStart(month), end: monthStart(addMonths(month, 1)) } : undefined,
    );

  app.get(
    '/api/admin/payments',
    { schema: { querystring: ledgerQuery, response: { 200: ledgerEventListSchema } } },
    async (request) => ledgerOf(request.query.month),
  );

  app.get(
    '/api/admin/payments.csv',
    { schema: { querystring: ledgerQuery, response: { 200: ledgerCsvAnswer } } },
    async (request, reply) => {
      const { month } = request.query;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="payments-${month ?? 'all'}.csv"`)
        .header('cache-control', 'no-store')
        .send(ledgerCsv(await ledgerOf(month)));
    },
  );

  app.get(
    '/api/admin/invoicing.csv',
    { schema: { querystring: invoicingCsvQuery, response: { 200: invoicingCsvAnswer } } },
    async (request, reply) => {
      const { limit: _limit, offset: _offset, ...filters } = request.query;
      const { rows } = await listInvoicingRows(db, filters);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="invoicing-${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(invoicingCsv(rows));
    },
  );

  app.get(
    '/api/admin/revenue/breakdown',
    { schema: { querystring: revenueBreakdownQuery, response: { 200: revenueBreakdownSchema } } },
    async (request) => revenueBreakdown(db, request.query.month ?? monthOf(new Date())),
  );

  app.get(
    '/api/admin/revenue/unpaid-aging',
    { schema: { response: { 200: unpaidAgingSchema } } },
    async () => unpaidAging(db),
  );
};
