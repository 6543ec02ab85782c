import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { marginCsvAnswer, marginPeriod, marginQuery, marginReportSchema } from '@domain/margin';
import type { Db } from '../../db/client';
import { marginCsv } from './csv';
import { marginReport } from './margin.repository';

/**
 * Margin (issue 44, docs/rules.md "Margin"): revenue minus editor payouts by video, client,
 * type, editor or month over a period, and the same as CSV. Under /api/admin/, so the admin
 * guard lets the king and admins alone reach it; no client, team lead or editor reads margins.
 */
export const marginRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/api/admin/margin',
    { schema: { querystring: marginQuery, response: { 200: marginReportSchema } } },
    async (request) => {
      const { from, to } = marginPeriod(request.query);
      return marginReport(db, request.query.by, from, to);
    },
  );

  app.get(
    '/api/admin/margin.csv',
    { schema: { querystring: marginQuery, response: { 200: marginCsvAnswer } } },
    async (request, reply) => {
      const { by } = request.query;
      const { from, to } = marginPeriod(request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="margin-by-${by}-${from}-${to}.csv"`)
        .header('cache-control', 'no-store')
        .send(marginCsv(await marginReport(db, by, from, to)));
    },
  );
};
