import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageAnswer } from '@domain/api';
import {
  agencyBody,
  agencySchema,
  billingClientParams,
  clientBillingBody,
  clientBillingSchema,
  invoiceActionSchema,
  invoiceDetailSchema,
  invoiceEmail,
  invoiceFileName,
  invoiceIdParams,
  invoiceListQuery,
  invoicePdfAnswer,
  invoicePreviewSchema,
  INVOICES_MESSAGES,
  invoiceSummaryListSchema,
  issueInvoiceBody,
  sendInvoiceBody,
  type InvoiceDetail,
} from '@domain/invoices';
import { INVOICING_MESSAGES } from '@domain/invoicing';
import { normalizeRole } from '@domain/roles';
import type { Db } from '../../db/client';
import { paramOf, subjectFrom } from '../../plugins/audit';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { payAndDeliver } from '../invoicing/pay-and-deliver';
import { renderInvoicePdf } from './invoice-pdf';
import {
  findInvoice,
  isClient,
  issueInvoice,
  listInvoices,
  payInvoiceCharges,
  previewInvoice,
  queueInvoiceEmail,
  readAgency,
  readClientBilling,
  saveAgency,
  saveClientBilling,
} from './invoices.repository';

/**
 * Issued invoices and the details printed on them (issue 42; docs/product.md#the-api,
 * docs/rules.md#money). /api/admin/ is the king's and admins' (the admin guard); a client reads
 * its own invoices under /api/me/invoices, anyone else there is refused.
 */
export const invoicesRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, adminRefusal: INVOICING_MESSAGES.forbidden };
  });

  const invoiceOr404 = async (id: string, clientId?: string) => {
    const invoice = await findInvoice(db, id, { clientId });
    if (!invoice) throw new HttpError(404, INVOICES_MESSAGES.invoiceNotFound);
    return invoice;
  };
  const sendPdf = async (reply: FastifyReply, invoice: InvoiceDetail) =>
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${invoiceFileName(invoice.number)}"`)
      .send(await renderInvoicePdf(invoice));

  // --- The agency's details, a client's billing details -----------------------------------------

  app.get('/api/admin/agency', { schema: { response: { 200: agencySchema } } }, async () =>
    readAgency(db),
  );

  app.put(
    '/api/admin/agency',
    {
      config: { audit: { kind: 'agency', action: 'agency.set', before: () => readAgency(db) } },
      schema: { body: agencyBody, response: { 200: agencySchema } },
    },
    async (request) => saveAgency(db, request.body),
  );

  const clientOr404 = async (id: string) => {
    if (!(await isClient(db, id))) throw new HttpError(404, INVOICES_MESSAGES.clientNotFound);
  };

  app.get(
    '/api/admin/clients/:id/billing',
    { schema: { params: billingClientParams, response: { 200: clientBillingSchema } } },
    async (request) => {
      await clientOr404(request.params.id);
      return readClientBilling(db, request.params.id);
    },
  );

  app.put(
    '/api/admin/clients/:id/billing',
    {
      config: {
        audit: {
          kind: 'invoices',
          action: 'client-billing.set',
          before: async (request) =>
            (await isClient(db, paramOf(request, 'id')))
              ? readClientBilling(db, paramOf(request, 'id'))
              : null,
          subject: (request) => `client ${paramOf(request, 'id')}`,
        },
      },
      schema: {
        params: billingClientParams,
        body: clientBillingBody,
        response: { 200: clientBillingSchema },
      },
    },
    async (request) => {
      await clientOr404(request.params.id);
      return saveClientBilling(db, request.params.id, request.body);
    },
  );

  app.get(
    '/api/admin/clients/:id/invoice-preview',
    {
      schema: {
        params: billingClientParams,
        response: { 200: invoicePreviewSchema, 404: messageAnswer, 409: messageAnswer },
      },
    },
    async (request) => {
      const preview = await previewInvoice(db, request.params.id);
      if (preview === 'not_found') throw new HttpError(404, INVOICES_MESSAGES.clientNotFound);
      if (preview === 'empty') throw new HttpError(409, INVOICES_MESSAGES.nothingToInvoice);
      return preview;
    },
  );

  // --- Invoices -----------------------------------------------------------------------------------

  app.get(
    '/api/admin/invoices',
    { schema: { querystring: invoiceListQuery, response: { 200: invoiceSummaryListSchema } } },
    async (request) => listInvoices(db, request.query),
  );

  app.post(
    '/api/admin/invoices',
    {
      config: {
        idempotent: true,
        audit: {
          kind: 'invoices',
          action: 'invoice.issue',
          subject: subjectFrom('label', 'number'),
        },
      },
      schema: {
        body: issueInvoiceBody,
        response: { 201: invoiceDetailSchema, 404: messageAnswer, 409: messageAnswer },
      },
    },
    async (request, reply) => {
      const result = await issueInvoice(db, request.body.clientId, currentUser(request).id);
      if (result === 'not_found') throw new HttpError(404, INVOICES_MESSAGES.clientNotFound);
      if (result === 'empty') throw new HttpError(409, INVOICES_MESSAGES.nothingToInvoice);
      return reply.code(201).send(await invoiceOr404(result.id));
    },
  );

  app.get(
    '/api/admin/invoices/:id',
    { schema: { params: invoiceIdParams, response: { 200: invoiceDetailSchema } } },
    async (request) => invoiceOr404(request.params.id),
  );

  app.get(
    '/api/admin/invoices/:id/pdf',
    { schema: { params: invoiceIdParams, response: { 200: invoicePdfAnswer } } },
    async (request, reply) => sendPdf(reply, await invoiceOr404(request.params.id)),
  );

  app.post(
    '/api/admin/invoices/:id/pay',
    {
      config: {
        idempotent: true,
        audit: {
          kind: 'invoices',
          action: 'invoice.pay',
          before: (request) => findInvoice(db, paramOf(request, 'id')),
          subject: (_request, _after, before) =>
            (before as { label?: string } | null)?.label ?? null,
        },
      },
      schema: { params: invoiceIdParams, response: { 200: invoiceActionSchema } },
    },
    async (request) => {
      const actor = currentUser(request).id;
      const before = await invoiceOr404(request.params.id);
      const unpaidVideos = before.lines
        .filter((l) => !l.paid && l.videoId && !l.chargeId)
        .map((l) => l.videoId!);
      const videos = unpaidVideos.length
        ? (await payAndDeliver(app, unpaidVideos, 'paid', actor)).updatedIds.length
        : 0;
      const chargesPaid = (await payInvoiceCharges(db, before.id, actor)).length;
      const invoice = await invoiceOr404(before.id);
      return { message: INVOICES_MESSAGES.paid(invoice.label, videos + chargesPaid), invoice };
    },
  );

  app.post(
    '/api/admin/invoices/:id/send',
    {
      config: {
        idempotent: true,
        audit: {
          kind: 'invoices',
          action: 'invoice.send',
          subject: (_request, after) =>
            (after as { invoice?: { label?: string } } | null)?.invoice?.label ?? null,
        },
      },
      schema: {
        params: invoiceIdParams,
        body: sendInvoiceBody.nullish(),
        response: { 200: invoiceActionSchema, 409: messageAnswer },
      },
    },
    async (request) => {
      const invoice = await invoiceOr404(request.params.id);
      const to = request.body?.to ?? invoice.buyer.email;
      if (!to) throw new HttpError(409, INVOICES_MESSAGES.noAddress);
      const pdf = await renderInvoicePdf(invoice);
      await queueInvoiceEmail(db, invoice, {
        to,
        ...invoiceEmail(invoice),
        fileName: invoiceFileName(invoice.number),
        pdf,
      });
      return {
        message: INVOICES_MESSAGES.queued(invoice.label, to),
        invoice: await invoiceOr404(invoice.id),
      };
    },
  );

  // --- A client's own invoices --------------------------------------------------------------------

  /** The client asking; team leads, editors and the agency are refused (their list is /admin). */
  const clientOf = (request: Parameters<typeof currentUser>[0]) => {
    const user = currentUser(request);
    if (normalizeRole(user.role) !== 'client') {
      throw new HttpError(403, INVOICES_MESSAGES.clientsOnly);
    }
    return user.id;
  };

  app.get(
    '/api/me/invoices',
    { schema: { response: { 200: invoiceSummaryListSchema } } },
    async (request) => listInvoices(db, { clientId: clientOf(request) }),
  );

  app.get(
    '/api/me/invoices/:id',
    { schema: { params: invoiceIdParams, response: { 200: invoiceDetailSchema } } },
    async (request) => invoiceOr404(request.params.id, clientOf(request)),
  );

  app.get(
    '/api/me/invoices/:id/pdf',
    { schema: { params: invoiceIdParams, response: { 200: invoicePdfAnswer } } },
    async (request, reply) =>
      sendPdf(reply, await invoiceOr404(request.params.id, clientOf(request))),
  );
};
