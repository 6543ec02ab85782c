import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { ClientPricingDetail, PricingPlan, RoundFeeKind } from '@domain/invoicing';
import type { Db } from '../../db/client';
import { deletePair } from '../../db/pairs';
import {
  clientPricingPlanAssignments,
  clientVideoTypePricing,
  pricingPlanRules,
  pricingPlans,
  users,
  videos,
  videoTypes,
} from '../../db/schema';
import {
  customPriceSql,
  defaultPlanRulePriceSql,
  effectivePriceSql,
  planRulePriceSql,
  typeDefaultPriceSql,
} from './pricing-sql';
import { hasClientRole } from '../users/users.repository';

// --- Video types -------------------------------------------------------------------------------

/**
 * The active video types; with `clientIds`, only those a client side may see (docs/rules.md#rules-the-product-leaves-open): the unowned ones (built-in, the king's), those the clients own, and those their videos use
 * (another client may have typed the same name first).
 */
export async function listActiveVideoTypes(db: Db, clientIds?: string[]) {
  const theirs = clientIds && [...new Set(clientIds)];
  return db
    .select({
      id: videoTypes.id,
      name: videoTypes.name,
      displayName: videoTypes.displayName,
      defaultPrice: videoTypes.defaultPrice,
    })
    .from(videoTypes)
    .where(
      and(
        eq(videoTypes.isActive, 'true'),
        theirs
          ? or(
              isNull(videoTypes.ownerId),
              inArray(videoTypes.ownerId, theirs),
              inArray(
                videoTypes.name,
                db
                  .selectDistinct({ type: videos.type })
                  .from(videos)
                  .where(inArray(videos.userId, theirs)),
              ),
            )
          : undefined,
      ),
    )
    .orderBy(asc(videoTypes.createdAt), sql`lower(${videoTypes.displayName})`, videoTypes.name);
}

export async function findVideoType(db: Db, id: string) {
  const [row] = await db.select().from(videoTypes).where(eq(videoTypes.id, id)).limit(1);
  return row;
}

/** A new default price; what paid videos locked is not touched. */
export async function setDefaultPrice(db: Db, id: string, price: string) {
  const [row] = await db
    .update(videoTypes)
    .set({ defaultPrice: price, updatedAt: new Date() })
    .where(eq(videoTypes.id, id))
    .returning();
  return row;
}

// --- Clients and their custom prices -----------------------------------------------------------

export async function findClient(db: Db, id: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, name: users.name })
    .from(users)
    .where(and(eq(users.id, id), hasClientRole()))
    .limit(1);
  return row;
}

const planRef = {
  id: pricingPlans.id,
  name: pricingPlans.name,
  displayName: pricingPlans.displayName,
};

/** Every client's active plan, by client id. */
async function activePlans(db: Db, clientIds?: string[]) {
  const rows = await db
    .select({ clientId: clientPricingPlanAssignments.clientId, plan: planRef })
    .from(clientPricingPlanAssignments)
    .innerJoin(pricingPlans, eq(pricingPlans.id, clientPricingPlanAssignments.planId))
    .where(
      and(
        eq(clientPricingPlanAssignments.isActive, true),
        clientIds ? inArray(clientPricingPlanAssignments.clientId, clientIds) : undefined,
      ),
    );
  return new Map(rows.map((r) => [r.clientId, r.plan]));
}

export async function listClientPricing(db: Db) {
  const clients = await db
    .select({ id: users.id, username: users.username, name: users.name })
    .from(users)
    .where(hasClientRole())
    .orderBy(sql`lower(coalesce(nullif(${users.name}, ''), ${users.username}))`, users.id);
  const prices = await db
    .select({
      clientId: clientVideoTypePricing.clientId,
      videoTypeId: clientVideoTypePricing.videoTypeId,
      videoTypeName: videoTypes.name,
      price: clientVideoTypePricing.price,
    })
    .from(clientVideoTypePricing)
    .innerJoin(videoTypes, eq(videoTypes.id, clientVideoTypePricing.videoTypeId))
    .orderBy(sql`lower(${videoTypes.displayName})`);
  const plans = await activePlans(db);
  return clients.map((c) => ({
    ...c,
    customPricing: prices
      .filter((p) => p.clientId === c.id)
      .map(({ clientId: _clientId, ...p }) => p),
    pricingPlan: plans.get(c.id) ?? null,
  }));
}

/** One client's prices per active video type, each chosen by the database. */
export async function clientPricingDetail(
  db: Db,
  client: ClientPricingDetail['client'],
): Promise<ClientPricingDetail> {
  const zero = sql`0`;
  const rows = await db
    .select({
      id: videoTypes.id,
      name: videoTypes.name,
      displayName: videoTypes.displayName,
      defaultPrice: videoTypes.defaultPrice,
      customPrice: sql<
        string | null
      >`(${customPriceSql(sql`${client.id}::uuid`, videoTypes.name)})::text`,
      planPrice: sql<
        string | null
      >`(${planRulePriceSql(sql`${client.id}::uuid`, videoTypes.name, zero)})::text`,
      defaultPlanPrice: sql<
        string | null
      >`(${defaultPlanRulePriceSql(videoTypes.name, zero)})::text`,
      typePrice: sql<string | null>`(${typeDefaultPriceSql(videoTypes.name)})::text`,
    })
    .from(videoTypes)
    .where(eq(videoTypes.isActive, 'true'))
    .orderBy(asc(videoTypes.createdAt), sql`lower(${videoTypes.displayName})`, videoTypes.name);
  const plans = await activePlans(db, [client.id]);
  return {
    client,
    pricingPlan: plans.get(client.id) ?? null,
    videoTypes: rows.map((r) => {
      const [effectivePrice, priceSource] =
        r.customPrice !== null
          ? ([r.customPrice, 'custom'] as const)
          : r.planPrice !== null
            ? ([r.planPrice, 'plan'] as const)
            : r.defaultPlanPrice !== null
              ? ([r.defaultPlanPrice, 'default_plan'] as const)
              : ([r.defaultPrice, 'default'] as const);
      return {
        id: r.id,
        name: r.name,
        displayName: r.displayName,
        defaultPrice: r.defaultPrice,
        customPrice: r.customPrice,
        hasCustomPricing: r.customPrice !== null,
        effectivePrice,
        priceSource,
      };
    }),
  };
}

/** Sets (or replaces) a client's custom price for a type. */
export async function upsertCustomPrice(
  db: Db,
  clientId: string,
  videoTypeId: string,
  price: string,
) {
  const now = new Date();
  const [row] = await db
    .insert(clientVideoTypePricing)
    .values({ clientId, videoTypeId, price })
    .onConflictDoUpdate({
      target: [clientVideoTypePricing.clientId, clientVideoTypePricing.videoTypeId],
      set: { price, updatedAt: now, effectiveFrom: now },
    })
    .returning();
  return row!;
}

/** Removes a client's custom price for a type; whether it had one. */
export const deleteCustomPrice = (db: Db, clientId: string, videoTypeId: string) =>
  deletePair(
    db,
    clientVideoTypePricing,
    [clientVideoTypePricing.clientId, clientId],
    [clientVideoTypePricing.videoTypeId, videoTypeId],
  );

// --- Pricing plans -----------------------------------------------------------------------------

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Serialises changes of the default plan, so at most one plan is ever the default. */
const DEFAULT_PLAN_LOCK = sql`select pg_advisory_xact_lock(hashtext('pricing_plans:default'))`;

async function clearOtherDefaults(tx: Tx, keepId: string | null) {
  await tx.execute(DEFAULT_PLAN_LOCK);
  await tx
    .update(pricingPlans)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(pricingPlans.isDefault, true), keepId ? ne(pricingPlans.id, keepId) : undefined));
}

export async function listPlans(db: Db, ids?: string[]): Promise<PricingPlan[]> {
  const plans = await db
    .select()
    .from(pricingPlans)
    .where(ids ? inArray(pricingPlans.id, ids) : undefined)
    .orderBy(desc(pricingPlans.isDefault), sql`lower(${pricingPlans.displayName})`);
  if (!plans.length) return [];
  const planIds = plans.map((p) => p.id);
  const [rules, counts] = await Promise.all([
    db
      .select({
        id: pricingPlanRules.id,
        planId: pricingPlanRules.planId,
        videoTypeId: pricingPlanRules.videoTypeId,
        videoTypeName: videoTypes.name,
        minDurationSeconds: pricingPlanRules.minDurationSeconds,
        maxDurationSeconds: pricingPlanRules.maxDurationSeconds,
        price: pricingPlanRules.price,
      })
      .from(pricingPlanRules)
      .innerJoin(videoTypes, eq(videoTypes.id, pricingPlanRules.videoTypeId))
      .where(inArray(pricingPlanRules.planId, planIds))
      .orderBy(
        sql`lower(${videoTypes.displayName})`,
        pricingPlanRules.minDurationSeconds,
        pricingPlanRules.createdAt,
      ),
    db
      .select({ planId: clientPricingPlanAssignments.planId, n: count() })
      .from(clientPricingPlanAssignments)
      .where(
        and(
          inArray(clientPricingPlanAssignments.planId, planIds),
          eq(clientPricingPlanAssignments.isActive, true),
        ),
      )
      .groupBy(clientPricingPlanAssignments.planId),
  ]);
  const clientCount = new Map(counts.map((c) => [c.planId, Number(c.n)]));
  return plans.map((p) => ({
    id: p.id,
    name: p.name,
    displayName: p.displayName,
    description: p.description,
    isActive: p.isActive,
    isDefault: p.isDefault,
    clientCount: clientCount.get(p.id) ?? 0,
    includedRounds: p.includedRounds,
    roundFeeKind: p.roundFeeKind,
    roundFee: p.roundFee,
    rules: rules.filter((r) => r.planId === p.id),
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  }));
}

export async function findPlan(db: Db, id: string) {
  const [plan] = await listPlans(db, [id]);
  return plan;
}

/** A plan's revision-round pricing (null: the agency's; absent: unchanged). */
export interface PlanRoundPricing {
  includedRounds?: number | null;
  roundFeeKind?: RoundFeeKind | null;
  roundFee?: string | null;
}

/** Creates a plan; undefined when the name is taken. */
export async function insertPlan(
  db: Db,
  values: {
    name: string;
    displayName: string;
    description: string;
    isActive: boolean;
    isDefault: boolean;
  } & PlanRoundPricing,
) {
  return db.transaction(async (tx) => {
    if (values.isDefault) await clearOtherDefaults(tx, null);
    const [row] = await tx
      .insert(pricingPlans)
      .values(values)
      .onConflictDoNothing({ target: pricingPlans.name })
      .returning({ id: pricingPlans.id });
    return row?.id;
  });
}

/** Updates a plan; making it the default clears the previous default in the same transaction. */
export async function updatePlan(
  db: Db,
  id: string,
  changes: Partial<{
    name: string;
    displayName: string;
    description: string;
    isActive: boolean;
    isDefault: boolean;
  }> &
    PlanRoundPricing,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (changes.isDefault) await clearOtherDefaults(tx, id);
    const rows = await tx
      .update(pricingPlans)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(pricingPlans.id, id))
      .returning({ id: pricingPlans.id });
    return rows.length > 0;
  });
}

/** Deletes a plan with its rules and client assignments; those clients fall back to the default. */
export async function deletePlan(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(pricingPlans)
    .where(eq(pricingPlans.id, id))
    .returning({ id: pricingPlans.id });
  return rows.length > 0;
}

export async function findRule(db: Db, planId: string, ruleId: string) {
  const [row] = await db
    .select()
    .from(pricingPlanRules)
    .where(and(eq(pricingPlanRules.id, ruleId), eq(pricingPlanRules.planId, planId)))
    .limit(1);
  return row;
}

export async function insertRule(db: Db, values: typeof pricingPlanRules.$inferInsert) {
  const [row] = await db.insert(pricingPlanRules).values(values).returning();
  return row!;
}

export async function updateRule(
  db: Db,
  ruleId: string,
  changes: Partial<typeof pricingPlanRules.$inferInsert>,
) {
  const [row] = await db
    .update(pricingPlanRules)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(pricingPlanRules.id, ruleId))
    .returning();
  return row;
}

export async function deleteRule(db: Db, planId: string, ruleId: string): Promise<boolean> {
  const rows = await db
    .delete(pricingPlanRules)
    .where(and(eq(pricingPlanRules.id, ruleId), eq(pricingPlanRules.planId, planId)))
    .returning({ id: pricingPlanRules.id });
  return rows.length > 0;
}

/**
 * Gives a client one active plan (or none): the previous one is deactivated and the chosen one
 * activated in one transaction, serialised per client so the one-active-plan index always holds.
 */
export async function assignClientPlan(
  db: Db,
  clientId: string,
  planId: string | null,
  assignedBy: string,
) {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`client_pricing_plan:${clientId}`}))`,
    );
    await tx
      .update(clientPricingPlanAssignments)
      .set({ isActive: false })
      .where(
        and(
          eq(clientPricingPlanAssignments.clientId, clientId),
          eq(clientPricingPlanAssignments.isActive, true),
        ),
      );
    if (!planId) return;
    const now = new Date();
    await tx
      .insert(clientPricingPlanAssignments)
      .values({ clientId, planId, isActive: true, assignedBy, assignedAt: now })
      .onConflictDoUpdate({
        target: [clientPricingPlanAssignments.clientId, clientPricingPlanAssignments.planId],
        set: { isActive: true, assignedBy, assignedAt: now },
      });
  });
  return (await activePlans(db, [clientId])).get(clientId) ?? null;
}

// --- Effective prices --------------------------------------------------------------------------

/**
 * The effective prices of some client, type and duration triples, in their order, in one query:
 * the very SQL that invoicing shows and mark paid locks (pricing-sql.ts), so that whoever prices
 * work outside a request (the demo agency) cannot price it otherwise.
 */
export async function effectivePrices(
  db: Db,
  items: readonly { clientId: string; type: string; duration: number | null }[],
): Promise<string[]> {
  if (!items.length) return [];
  const rows = sql.join(
    items.map((v, i) => sql`(${i}::int, ${v.clientId}::uuid, ${v.type}::text, ${v.duration}::int)`),
    sql`, `,
  );
  const prices = await db
    .select({
      price: sql<string>`(${effectivePriceSql(sql`v.client_id`, sql`v.type`, sql`v.duration`)})::text`,
    })
    .from(sql`(values ${rows}) as v(i, client_id, type, duration)`)
    .orderBy(sql`v.i`);
  return prices.map((p) => p.price);
}
