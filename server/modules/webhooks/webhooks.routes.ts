import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageAnswer } from '@domain/api';
import { isKing } from '@domain/roles';
import {
  WEBHOOK_MESSAGES,
  webhookCreatedSchema,
  webhookDeliveryListSchema,
  webhookDeliverySchema,
  webhookEndpointBody,
  webhookEndpointPatch,
  webhookEndpointSchema,
  webhookIdParams,
  webhookListSchema,
  webhookSettingsSchema,
} from '@domain/webhooks';
import type { Db } from '../../db/client';
import { paramOf, subjectFrom, type AuditSpec } from '../../plugins/audit';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { urlProblem } from './addresses';
import { createWebhookSender, type WebhookSender, type WebhookSenderSettings } from './sender';
import {
  createEndpoint,
  deleteEndpoint,
  findEndpoint,
  listDeliveries,
  listEndpoints,
  readWebhookSettings,
  resendDelivery,
  saveWebhookSettings,
  updateEndpoint,
} from './webhooks.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** The webhook sender of this instance (its loop runs only when started: main.ts). */
    webhooks: WebhookSender;
  }
}

/** Decorates the app with its webhook sender, closed with the app. */
export const webhookSender = fp(
  async (
    app: FastifyInstance,
    opts: { db: Db; settings: WebhookSenderSettings; loop: boolean },
  ) => {
    const sender = createWebhookSender(opts.db, opts.settings, app.log);
    app.decorate('webhooks', sender);
    if (opts.loop) app.addHook('onReady', async () => sender.start());
    app.addHook('onClose', async () => sender.close());
  },
  { name: 'webhook-sender' },
);

const deliveryParams = z.object({ id: z.uuid(), deliveryId: z.uuid() });

/**
 * The king's webhooks (issue 46, docs/rules.md#webhooks): endpoints, their delivery log, "send
 * again" and the private-address setting. Under /api/admin/, so the admin guard refuses
 * non-admins first; the hook below refuses admins who are not the king.
 */
export const webhooksRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', async (request) => {
    if (!isKing(currentUser(request))) throw new HttpError(403, WEBHOOK_MESSAGES.kingOnly);
  });

  /** A URL the settings allow, or a 400 naming why not. */
  async function checkUrl(url: string) {
    const { allowPrivate } = await readWebhookSettings(db);
    const problem = await urlProblem(url, allowPrivate);
    if (problem) throw new HttpError(400, problem);
  }

  app.get(
    '/api/admin/webhooks',
    {
      schema: {
        summary: 'Webhook endpoints and settings',
        response: { 200: webhookListSchema },
      },
    },
    async () => ({ endpoints: await listEndpoints(db), settings: await readWebhookSettings(db) }),
  );

  /** An endpoint changed (docs/rules.md "Audit log"): the endpoint before it. */
  const endpointChange = (action: string): AuditSpec => ({
    kind: 'webhooks',
    action,
    before: (request) => findEndpoint(db, paramOf(request, 'id')),
    subject: subjectFrom('name', 'url'),
  });

  app.post(
    '/api/admin/webhooks',
    {
      config: {
        idempotent: true,
        audit: {
          kind: 'webhooks',
          action: 'webhook.create',
          subject: (_request, after) =>
            (after as { endpoint?: { name?: string } } | null)?.endpoint?.name ?? null,
        },
      },
      schema: {
        summary: 'Add a webhook endpoint',
        description: 'The answer carries the signing secret: the only time it is shown.',
        body: webhookEndpointBody,
        response: { 201: webhookCreatedSchema },
      },
    },
    async (request, reply) => {
      await checkUrl(request.body.url);
      return reply.status(201).send(await createEndpoint(db, request.body));
    },
  );

  app.patch(
    '/api/admin/webhooks/:id',
    {
      config: { audit: endpointChange('webhook.edit') },
      schema: {
        summary: 'Change a webhook endpoint',
        params: webhookIdParams,
        body: webhookEndpointPatch,
        response: { 200: webhookEndpointSchema },
      },
    },
    async (request) => {
      if (request.body.url !== undefined) await checkUrl(request.body.url);
      const endpoint = await updateEndpoint(db, request.params.id, request.body);
      if (!endpoint) throw new HttpError(404, WEBHOOK_MESSAGES.notFound);
      return endpoint;
    },
  );

  app.delete(
    '/api/admin/webhooks/:id',
    {
      config: { audit: endpointChange('webhook.delete') },
      schema: {
        summary: 'Delete a webhook endpoint and its delivery log',
        params: webhookIdParams,
        response: { 200: messageAnswer },
      },
    },
    async (request) => {
      if (!(await deleteEndpoint(db, request.params.id))) {
        throw new HttpError(404, WEBHOOK_MESSAGES.notFound);
      }
      return { message: WEBHOOK_MESSAGES.deleted };
    },
  );

  app.get(
    '/api/admin/webhooks/:id/deliveries',
    {
      schema: {
        summary: "An endpoint's delivery log",
        description: 'The newest 100 deliveries, newest first.',
        params: webhookIdParams,
        response: { 200: webhookDeliveryListSchema },
      },
    },
    async (request) => {
      if (!(await findEndpoint(db, request.params.id))) {
        throw new HttpError(404, WEBHOOK_MESSAGES.notFound);
      }
      return { deliveries: await listDeliveries(db, request.params.id) };
    },
  );

  app.post(
    '/api/admin/webhooks/:id/deliveries/:deliveryId/resend',
    {
      schema: {
        summary: 'Send a delivery again',
        description:
          'Queues a new delivery of the same event to the endpoint, due now, with its own retries.',
        params: deliveryParams,
        response: { 201: webhookDeliverySchema },
      },
    },
    async (request, reply) => {
      const delivery = await resendDelivery(db, request.params.id, request.params.deliveryId);
      if (!delivery) throw new HttpError(404, WEBHOOK_MESSAGES.deliveryNotFound);
      return reply.status(201).send(delivery);
    },
  );

  app.put(
    '/api/admin/webhooks/settings',
    {
      config: {
        audit: {
          kind: 'webhooks',
          action: 'webhook.settings',
          before: () => readWebhookSettings(db),
        },
      },
      schema: {
        summary: 'Allow or refuse private webhook addresses',
        body: webhookSettingsSchema,
        response: { 200: webhookSettingsSchema },
      },
    },
    async (request) => saveWebhookSettings(db, request.body),
  );
};
