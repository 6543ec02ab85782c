import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageAnswer } from '@domain/api';
import {
  canManageInvoicing,
  clientCustomPriceSchema,
  clientIdParams,
  clientPlanBody,
  clientPlanSchema,
  clientPricingDetailSchema,
  clientPricingListSchema,
  clientTypeParams,
  createPlanBody,
  createRuleBody,
  customPriceBody,
  defaultPriceBody,
  INVOICING_MESSAGES,
  planIdParams,
  planListSchema,
  planSchema,
  ruleParams,
  ruleSchema,
  updatePlanBody,
  updateRuleBody,
  videoTypeIdParams,
  videoTypeListSchema,
  videoTypeSchema,
} from '@domain/invoicing';
import { actsAsClient } from '@domain/billing';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { and, eq } from 'drizzle-orm';
import {
  clientPricingPlanAssignments,
  clientVideoTypePricing,
  pricingPlanRules,
  pricingPlans,
  videoTypes,
} from '../../db/schema';
import { paramOf, subjectFrom, type AuditSpec } from '../../plugins/audit';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';
import { clientsLedBy } from '../scope/scope';
import {
  assignClientPlan,
  clientPricingDetail,
  deleteCustomPrice,
  deletePlan,
  deleteRule,
  findClient,
  findPlan,
  findRule,
  findVideoType,
  insertPlan,
  insertRule,
  listActiveVideoTypes,
  listClientPricing,
  listPlans,
  setDefaultPrice,
  updatePlan,
  updateRule,
  upsertCustomPrice,
} from './pricing.repository';

const M = INVOICING_MESSAGES;

/** Video types, default and client prices, pricing plans and their rules (docs/rules.md#rules-the-product-leaves-open). */
export const pricingRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  /** The first row a read answers, or null: an audited change's record before it. */
  const first = async (rows: Promise<unknown[]>) => (await rows)[0] ?? null;
  const customPrice = (request: Parameters<NonNullable<AuditSpec['before']>>[0]) =>
    first(
      db
        .select()
        .from(clientVideoTypePricing)
        .where(
          and(
            eq(clientVideoTypePricing.clientId, paramOf(request, 'clientId')),
            eq(clientVideoTypePricing.videoTypeId, paramOf(request, 'videoTypeId')),
          ),
        ),
    );
  const pairSubject = (request: Parameters<NonNullable<AuditSpec['subject']>>[0]) =>
    `client ${paramOf(request, 'clientId')}, type ${paramOf(request, 'videoTypeId')}`;
  const planChange = (action: string): AuditSpec => ({
    kind: 'plans',
    action,
    before: (request) =>
      first(
        db
          .select()
          .from(pricingPlans)
          .where(eq(pricingPlans.id, paramOf(request, 'id'))),
      ),
    subject: subjectFrom('displayName', 'name'),
  });
  const ruleChange = (action: string): AuditSpec => ({
    kind: 'plans',
    action,
    before: (request) =>
      first(
        db
          .select()
          .from(pricingPlanRules)
          .where(eq(pricingPlanRules.id, paramOf(request, 'ruleId'))),
      ),
    subject: (request) => `plan ${paramOf(request, 'id')}, rule ${paramOf(request, 'ruleId')}`,
  });

  async function clientOr404(id: string) {
    const client = await findClient(db, id);
    if (!client) throw new HttpError(404, M.clientNotFound);
    return client;
  }
  async function typeOr404(id: string) {
    const type = await findVideoType(db, id);
    if (!type) throw new HttpError(404, M.videoTypeNotFound);
    return type;
  }
  async function planOr404(id: string) {
    const plan = await findPlan(db, id);
    if (!plan) throw new HttpError(404, M.planNotFound);
    return plan;
  }

  /**
   * Every signed-in user sees the active types, a client side only its own custom ones (a team
   * lead those of the clients it leads); only the king and admins see their prices.
   */
  app.get(
    '/api/video-types',
    { schema: { response: { 200: videoTypeListSchema } } },
    async (request) => {
      const user = currentUser(request);
      const showPrices = canManageInvoicing(user);
      const types = await listActiveVideoTypes(
        db,
        actsAsClient(user) ? [user.id, ...(await clientsLedBy(db, user.id))] : undefined,
      );
      return types.map(({ defaultPrice, ...t }) => (showPrices ? { ...t, defaultPrice } : t));
    },
  );

  app.patch(
    '/api/admin/video-types/:id/price',
    {
      config: {
        audit: {
          kind: 'prices',
          action: 'type-price.set',
          before: (request) =>
            first(
              db
                .select()
                .from(videoTypes)
                .where(eq(videoTypes.id, paramOf(request, 'id'))),
            ),
          subject: subjectFrom('displayName', 'name'),
        },
      },
      schema: {
        params: videoTypeIdParams,
        body: defaultPriceBody,
        response: { 200: videoTypeSchema },
      },
    },
    async (request) => {
      const row = await setDefaultPrice(db, request.params.id, request.body.defaultPrice);
      if (!row) throw new HttpError(404, M.videoTypeNotFound);
      return {
        id: row.id,
        name: row.name,
        displayName: row.displayName,
        defaultPrice: row.defaultPrice,
      };
    },
  );

  // --- Client prices ---------------------------------------------------------------------------

  app.get(
    '/api/admin/client-pricing',
    { schema: { response: { 200: clientPricingListSchema } } },
    async () => listClientPricing(db),
  );

  app.get(
    '/api/admin/client-pricing/:clientId',
    { schema: { params: clientIdParams, response: { 200: clientPricingDetailSchema } } },
    async (request) => clientPricingDetail(db, await clientOr404(request.params.clientId)),
  );

  app.patch(
    '/api/admin/client-pricing/:clientId/:videoTypeId',
    {
      config: {
        audit: {
          kind: 'prices',
          action: 'client-price.set',
          before: customPrice,
          subject: pairSubject,
        },
      },
      schema: {
        params: clientTypeParams,
        body: customPriceBody,
        response: { 200: clientCustomPriceSchema },
      },
    },
    async (request) => {
      const { clientId, videoTypeId } = request.params;
      await clientOr404(clientId);
      const type = await typeOr404(videoTypeId);
      const row = await upsertCustomPrice(db, clientId, videoTypeId, request.body.price);
      return { clientId, videoTypeId, videoTypeName: type.name, price: row.price };
    },
  );

  app.delete(
    '/api/admin/client-pricing/:clientId/:videoTypeId',
    {
      config: {
        audit: {
          kind: 'prices',
          action: 'client-price.remove',
          before: customPrice,
          subject: pairSubject,
        },
      },
      schema: { params: clientTypeParams, response: { 200: messageAnswer } },
    },
    async (request) => {
      const { clientId, videoTypeId } = request.params;
      if (!(await deleteCustomPrice(db, clientId, videoTypeId))) {
        throw new HttpError(404, M.customPriceNotFound);
      }
      return { message: 'Custom price removed' };
    },
  );

  // --- Pricing plans ---------------------------------------------------------------------------

  app.get('/api/admin/pricing-plans', { schema: { response: { 200: planListSchema } } }, async () =>
    listPlans(db),
  );

  app.post(
    '/api/admin/pricing-plans',
    {
      config: {
        idempotent: true,
        audit: {
          kind: 'plans',
          action: 'plan.create',
          subject: subjectFrom('displayName', 'name'),
        },
      },
      schema: { body: createPlanBody, response: { 201: planSchema, 409: messageAnswer } },
    },
    async (request, reply) => {
      const b = request.body;
      const id = await insertPlan(db, {
        name: b.name,
        displayName: b.displayName || b.name,
        description: b.description ?? '',
        isActive: b.isActive ?? true,
        isDefault: b.isDefault ?? false,
        includedRounds: b.includedRounds ?? null,
        roundFeeKind: b.roundFeeKind ?? null,
        roundFee: b.roundFee ?? null,
      });
      if (!id) throw new HttpError(409, M.planNameTaken);
      return reply.status(201).send(await planOr404(id));
    },
  );

  app.patch(
    '/api/admin/pricing-plans/:id',
    {
      config: { audit: planChange('plan.edit') },
      schema: {
        params: planIdParams,
        body: updatePlanBody,
        response: { 200: planSchema, 409: messageAnswer },
      },
    },
    async (request) => {
      const { id } = request.params;
      const changes = Object.fromEntries(
        Object.entries(request.body).filter(([, v]) => v !== undefined),
      );
      try {
        if (!(await updatePlan(db, id, changes))) throw new HttpError(404, M.planNotFound);
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, M.planNameTaken);
        throw error;
      }
      return planOr404(id);
    },
  );

  app.delete(
    '/api/admin/pricing-plans/:id',
    {
      config: { audit: planChange('plan.delete') },
      schema: { params: planIdParams, response: { 200: messageAnswer } },
    },
    async (request) => {
      if (!(await deletePlan(db, request.params.id))) throw new HttpError(404, M.planNotFound);
      return { message: 'Pricing plan deleted' };
    },
  );

  const ruleView = async (planId: string, ruleId: string) => {
    const rule = (await planOr404(planId)).rules.find((r) => r.id === ruleId);
    if (!rule) throw new HttpError(404, M.ruleNotFound);
    return rule;
  };

  app.post(
    '/api/admin/pricing-plans/:id/rules',
    {
      config: {
        idempotent: true,
        audit: { kind: 'plans', action: 'rule.create', subject: (r) => `plan ${paramOf(r, 'id')}` },
      },
      schema: { params: planIdParams, body: createRuleBody, response: { 201: ruleSchema } },
    },
    async (request, reply) => {
      const planId = request.params.id;
      await planOr404(planId);
      await typeOr404(request.body.videoTypeId);
      const row = await insertRule(db, {
        planId,
        videoTypeId: request.body.videoTypeId,
        minDurationSeconds: request.body.minDurationSeconds,
        maxDurationSeconds: request.body.maxDurationSeconds ?? null,
        price: request.body.price,
      });
      return reply.status(201).send(await ruleView(planId, row.id));
    },
  );

  app.patch(
    '/api/admin/pricing-plans/:id/rules/:ruleId',
    {
      config: { audit: ruleChange('rule.edit') },
      schema: { params: ruleParams, body: updateRuleBody, response: { 200: ruleSchema } },
    },
    async (request) => {
      const { id: planId, ruleId } = request.params;
      const rule = await findRule(db, planId, ruleId);
      if (!rule) throw new HttpError(404, M.ruleNotFound);
      const b = request.body;
      if (b.videoTypeId) await typeOr404(b.videoTypeId);
      const min = b.minDurationSeconds ?? rule.minDurationSeconds;
      const max =
        b.maxDurationSeconds === undefined ? rule.maxDurationSeconds : b.maxDurationSeconds;
      if (max !== null && max < min) throw new HttpError(400, M.durationRange);
      await updateRule(db, ruleId, {
        videoTypeId: b.videoTypeId,
        minDurationSeconds: b.minDurationSeconds,
        maxDurationSeconds: b.maxDurationSeconds,
        price: b.price,
      });
      return ruleView(planId, ruleId);
    },
  );

  app.delete(
    '/api/admin/pricing-plans/:id/rules/:ruleId',
    {
      config: { audit: ruleChange('rule.delete') },
      schema: { params: ruleParams, response: { 200: messageAnswer } },
    },
    async (request) => {
      const { id: planId, ruleId } = request.params;
      if (!(await deleteRule(db, planId, ruleId))) throw new HttpError(404, M.ruleNotFound);
      return { message: 'Pricing rule deleted' };
    },
  );

  app.put(
    '/api/admin/clients/:clientId/pricing-plan',
    {
      config: {
        audit: {
          kind: 'plans',
          action: 'client-plan.set',
          before: (request) =>
            first(
              db
                .select()
                .from(clientPricingPlanAssignments)
                .where(eq(clientPricingPlanAssignments.clientId, paramOf(request, 'clientId'))),
            ),
          subject: (request) => `client ${paramOf(request, 'clientId')}`,
        },
      },
      schema: { params: clientIdParams, body: clientPlanBody, response: { 200: clientPlanSchema } },
    },
    async (request) => {
      const { clientId } = request.params;
      const { planId } = request.body;
      await clientOr404(clientId);
      if (planId && !(await planOr404(planId)).isActive) throw new HttpError(400, M.planInactive);
      const pricingPlan = await assignClientPlan(db, clientId, planId, currentUser(request).id);
      return { clientId, pricingPlan };
    },
  );
};
