import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageAnswer } from '@domain/api';
import {
  addMonths,
  INVOICING_MESSAGES,
  invoicingQuery,
  invoicingRowListSchema,
  markPaidBody,
  markUnpaidBody,
  monthOf,
  monthStart,
  paymentAmountBody,
  paymentResultSchema,
  revenueSummaryQuery,
  revenueSummarySchema,
  revenueTrendSchema,
  revenueTrendsQuery,
  TREND_MONTHS,
  videoIdParams,
  videoPaymentSchema,
} from '@domain/invoicing';
import { formatUsd } from '@domain/money';
import type { PaymentStatus } from '@domain/invoicing';
import type { Db } from '../../db/client';
import { inArray } from 'drizzle-orm';
import { videos } from '../../db/schema';
import { paramOf, type AuditSpec } from '../../plugins/audit';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import {
  findVideoPayment,
  listInvoicingRows,
  outstanding,
  paymentMessage,
  setTypedAmount,
} from './invoicing.repository';
import { ledgerRevenueBetween, ledgerTrends } from './ledger.repository';
import { marginRoutes } from './margin.routes';
import { payAndDeliver } from './pay-and-deliver';
import { pricingRoutes } from './pricing.routes';
import { reportRoutes } from './reports.routes';

/**
 * Invoicing, payments and revenue (docs/product.md#screens and #the-api, docs/rules.md#rules-the-product-leaves-open), and through
 * pricingRoutes and reportRoutes the video types, prices, plans and reports. Everything under
 * /api/admin/ is for the king and admins only: the admin guard (modules/admin/admin.guard.ts)
 * refuses anyone else before the input is even read, here in invoicing's own words.
 */
export const invoicingRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, adminRefusal: INVOICING_MESSAGES.forbidden };
  });

  app.get(
    '/api/admin/invoicing',
    {
      // Kept in the per-instance read cache until the data changes (server/plugins/read-cache.ts).
      config: {
        cacheable: true,
        reads: [
          'videos',
          'users',
          'video_types',
          'client_video_type_pricing',
          'client_pricing_plan_assignments',
          'pricing_plans',
          'pricing_plan_rules',
          // Extra revision rounds: their terms and their locked charges (issue 42).
          'agency_settings',
          'client_billing',
          'charges',
          // What a retainer client's video owes (pricing-sql.ts owedSql).
          'retainers',
          'retainer_months',
          'retainer_draws',
        ],
      },
      schema: { querystring: invoicingQuery, response: { 200: invoicingRowListSchema } },
    },
    async (request, reply) => {
      const { rows, total } = await listInvoicingRows(db, request.query);
      reply.header('x-total-count', String(total));
      return rows;
    },
  );

  app.get(
    '/api/admin/revenue/summary',
    { schema: { querystring: revenueSummaryQuery, response: { 200: revenueSummarySchema } } },
    async (request) => {
      const month = request.query.month ?? monthOf(new Date());
      const [revenue, owed] = await Promise.all([
        ledgerRevenueBetween(db, monthStart(month), monthStart(addMonths(month, 1))),
        outstanding(db),
      ]);
      return { month, ...revenue, outstanding: owed };
    },
  );

  app.get(
    '/api/admin/revenue/trends',
    { schema: { querystring: revenueTrendsQuery, response: { 200: revenueTrendSchema } } },
    async (request) => {
      const { start, end } = request.query;
      const last = end ?? (start ? addMonths(start, TREND_MONTHS - 1) : monthOf(new Date()));
      const first = start ?? addMonths(last, -(TREND_MONTHS - 1));
      return ledgerTrends(db, first, last);
    },
  );

  async function changePayments(videoIds: string[], to: PaymentStatus, actorId: string) {
    const change = await payAndDeliver(app, videoIds, to, actorId);
    const { paidIds: _paid, ...answer } = change;
    return {
      message: paymentMessage(change, to, formatUsd(change.total)),
      updated: change.updatedIds.length,
      skipped: change.skippedVideos.length,
      ...answer,
    };
  }

  /** A payment change (docs/rules.md "Audit log"): the videos' payments before it. */
  const paymentChange = (action: string): AuditSpec => ({
    kind: 'payments',
    action,
    before: async (request) => {
      const ids = (request.body as { videoIds: string[] }).videoIds;
      return db
        .select({
          id: videos.id,
          name: videos.name,
          paymentStatus: videos.paymentStatus,
          paymentAmount: videos.paymentAmount,
          paidDate: videos.paidDate,
        })
        .from(videos)
        .where(inArray(videos.id, ids));
    },
    subject: (request) => {
      const n = (request.body as { videoIds: string[] }).videoIds.length;
      return n === 1 ? '1 video' : `${n} videos`;
    },
  });

  app.patch(
    '/api/admin/payment',
    {
      config: { idempotent: true, audit: paymentChange('payment.paid') },
      schema: { body: markPaidBody, response: { 200: paymentResultSchema } },
    },
    async (request) => changePayments(request.body.videoIds, 'paid', currentUser(request).id),
  );

  app.patch(
    '/api/admin/payment/reverse',
    {
      config: { idempotent: true, audit: paymentChange('payment.reverse') },
      schema: { body: markUnpaidBody, response: { 200: paymentResultSchema } },
    },
    async (request) => changePayments(request.body.videoIds, 'unpaid', currentUser(request).id),
  );

  app.patch(
    '/api/admin/videos/:id/payment-amount',
    {
      config: {
        audit: {
          kind: 'payments',
          action: 'payment-amount.set',
          before: (request) => findVideoPayment(db, paramOf(request, 'id')),
          subject: (request, after, before) =>
            ((after ?? before) as { name?: string } | null)?.name ?? paramOf(request, 'id'),
        },
      },
      schema: {
        params: videoIdParams,
        body: paymentAmountBody,
        response: { 200: videoPaymentSchema, 409: messageAnswer },
      },
    },
    async (request) => {
      const { id } = request.params;
      const result = await setTypedAmount(db, id, request.body.paymentAmount);
      if (result === 'not_found') throw new HttpError(404, INVOICING_MESSAGES.videoNotFound);
      const video = await findVideoPayment(db, id);
      if (!video) throw new HttpError(404, INVOICING_MESSAGES.videoNotFound);
      if (result === 'invoiced') throw new HttpError(409, INVOICING_MESSAGES.invoicedAmount);
      if (result === 'locked') {
        throw new HttpError(409, INVOICING_MESSAGES.lockedAmount(formatUsd(video.paymentAmount)));
      }
      return video;
    },
  );

  await app.register(pricingRoutes, { db });
  await app.register(reportRoutes, { db });
  await app.register(marginRoutes, { db });
};
