import { and, asc, desc, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { COMPLETED_STATUSES } from '@domain/invoicing';
import {
  changeAppliesFrom,
  monthDate,
  monthOfDate,
  monthOfDay,
  RETAINER_MESSAGES,
  retainerCard,
  retainerFeeDescription,
  retainerRunsIn,
  runMonth,
  shiftMonth,
  termsForMonth,
  countsOf,
  type BucketSummary,
  type Carry,
  type MonthResult,
  type MonthVideo,
  type Retainer,
  type RetainerInput,
  type RetainerRow,
  type RetainerTerms,
} from '@domain/retainers';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import {
  charges,
  retainerDraws,
  retainerMonths,
  retainers,
  retainerTerms,
  users,
  videos,
  videoTypes,
} from '../../db/schema';

/**
 * Retainers' rows (docs/rules.md "Money"): the retainer and its terms, the month's counts as they
 * stand (a closed month's as closed, an open one's worked out by domain/retainers.ts from the
 * previous closed month's carries and the videos finished since), and the close of ended months.
 */

interface TermsRecord extends RetainerTerms {
  id: string;
}
export interface RetainerRecord {
  id: string;
  clientId: string;
  startMonth: string;
  endMonth: string | null;
  /** Oldest first. */
  terms: TermsRecord[];
}

/** What a closed month keeps (retainer_months.summary). */
interface MonthSummary {
  perType: boolean;
  buckets: BucketSummary[];
  carries: Carry[];
}

const perTypeTerms = (t: Pick<RetainerTerms, 'allowance'>) => t.allowance === null;

async function loadRetainers(db: Db, where?: SQL): Promise<RetainerRecord[]> {
  const rows = await db.select().from(retainers).where(where).orderBy(retainers.clientId);
  if (!rows.length) return [];
  const terms = await db
    .select()
    .from(retainerTerms)
    .where(
      inArray(
        retainerTerms.retainerId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(retainerTerms.effectiveFrom));
  return rows.map((r) => ({
    id: r.id,
    clientId: r.clientId,
    startMonth: monthOfDay(r.startMonth),
    endMonth: r.endMonth ? monthOfDay(r.endMonth) : null,
    terms: terms
      .filter((t) => t.retainerId === r.id)
      .map((t) => ({
        id: t.id,
        effectiveFrom: monthOfDay(t.effectiveFrom),
        monthlyFee: t.monthlyFee,
        allowance: t.allowance,
        allowanceByType: t.allowanceByType,
        rolloverMax: t.rolloverMax,
        rolloverMonths: t.rolloverMonths,
      })),
  }));
}

export async function findRetainer(db: Db, clientId: string) {
  const [r] = await loadRetainers(db, eq(retainers.clientId, clientId));
  return r;
}

/** The unpaid videos of a client completed in [from, to) that have no draw, by month. */
async function videosByMonth(db: Db, clientId: string, from: string, to: string) {
  const rows = await db
    .select({ id: videos.id, type: videos.type, finishDate: videos.finishDate })
    .from(videos)
    .where(
      and(
        eq(videos.userId, clientId),
        inArray(videos.status, [...COMPLETED_STATUSES]),
        eq(videos.paymentStatus, 'unpaid'),
        gte(videos.finishDate, new Date(`${monthDate(from)}T00:00:00Z`)),
        lt(videos.finishDate, new Date(`${monthDate(to)}T00:00:00Z`)),
        sql`not exists (select 1 from ${retainerDraws} d where d.video_id = ${videos.id})`,
      ),
    );
  const out = new Map<string, MonthVideo[]>();
  for (const r of rows) {
    const finishedAt = r.finishDate!.toISOString();
    const month = finishedAt.slice(0, 7);
    out.set(month, [...(out.get(month) ?? []), { id: r.id, type: r.type, finishedAt }]);
  }
  return out;
}

interface MonthState {
  result: Pick<MonthResult, 'month' | 'buckets'>;
  fee: string;
  closed: boolean;
  perType: boolean;
}

/**
 * A month of a retainer as it stands: closed (as kept), or open: worked out from the last closed
 * month's carries through the months after it. Undefined when the retainer does not run then.
 */
export async function monthState(
  db: Db,
  r: RetainerRecord,
  month: string,
): Promise<MonthState | undefined> {
  if (!retainerRunsIn(r, month)) return undefined;
  const [closed] = await db
    .select()
    .from(retainerMonths)
    .where(and(eq(retainerMonths.retainerId, r.id), eq(retainerMonths.month, monthDate(month))));
  if (closed) {
    const summary = closed.summary as MonthSummary;
    return {
      result: { month, buckets: summary.buckets },
      fee: closed.fee,
      closed: true,
      perType: summary.perType,
    };
  }
  const [before] = await db
    .select()
    .from(retainerMonths)
    .where(and(eq(retainerMonths.retainerId, r.id), lt(retainerMonths.month, monthDate(month))))
    .orderBy(desc(retainerMonths.month))
    .limit(1);
  let carries = before ? (before.summary as MonthSummary).carries : [];
  const from = before ? shiftMonth(monthOfDay(before.month), 1) : r.startMonth;
  const byMonth = await videosByMonth(db, r.clientId, from, shiftMonth(month, 1));
  let state: MonthState | undefined;
  for (let m = from; m <= month; m = shiftMonth(m, 1)) {
    const terms = termsForMonth(r.terms, m);
    if (!terms) continue;
    const result = runMonth({ month: m, terms, carriesIn: carries, videos: byMonth.get(m) ?? [] });
    carries = result.carries;
    state = { result, fee: terms.monthlyFee, closed: false, perType: perTypeTerms(terms) };
  }
  return state;
}

/** The admin view of a client's retainer at `now`, or null when it has none. */
export async function retainerView(db: Db, clientId: string, now: Date): Promise<Retainer | null> {
  const r = await findRetainer(db, clientId);
  if (!r) return null;
  const current = monthOfDate(now);
  const shown = current < r.startMonth ? r.startMonth : current;
  const terms = termsForMonth(r.terms, shown) ?? r.terms[0]!;
  const next = r.terms.find((t) => t.effectiveFrom > shown) ?? null;
  const state = await monthState(db, r, current);
  const strip = ({ id: _id, ...t }: TermsRecord) => t;
  return {
    clientId: r.clientId,
    startMonth: r.startMonth,
    endMonth: r.endMonth,
    terms: strip(terms),
    nextTerms: next ? strip(next) : null,
    thisMonth: state ? retainerCard(state.result, state.perType) : null,
  };
}

/** The client's card for the month of `now`, or null when no retainer runs then. */
export async function myRetainer(db: Db, clientId: string, now: Date) {
  const r = await findRetainer(db, clientId);
  const state = r && (await monthState(db, r, monthOfDate(now)));
  return state ? retainerCard(state.result, state.perType) : null;
}

/** One row per retainer running in `month`, by client name. */
export async function retainerRows(db: Db, month: string): Promise<RetainerRow[]> {
  const all = await loadRetainers(db);
  const running = all.filter((r) => retainerRunsIn(r, month));
  if (!running.length) return [];
  const names = await db
    .select({
      id: users.id,
      name: sql<string>`coalesce(nullif(${users.name}, ''), ${users.username})`,
    })
    .from(users)
    .where(
      inArray(
        users.id,
        running.map((r) => r.clientId),
      ),
    );
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  const rows: RetainerRow[] = [];
  for (const r of running) {
    const state = await monthState(db, r, month);
    if (!state) continue;
    rows.push({
      clientId: r.clientId,
      clientName: nameOf.get(r.clientId) ?? '',
      month,
      fee: state.fee,
      ...countsOf(state.result.buckets),
      closed: state.closed,
    });
  }
  return rows.sort(
    (a, b) =>
      a.clientName.toLowerCase().localeCompare(b.clientName.toLowerCase()) ||
      a.clientId.localeCompare(b.clientId),
  );
}

// --- Changes ------------------------------------------------------------------------------------

export type Refusal = { status: 400 | 404 | 409; message: string };
const refuse = (status: Refusal['status'], message: string) => ({ refused: { status, message } });

/**
 * Creates or changes a client's retainer at `now` (docs/rules.md "Money"): new terms apply from
 * the next month, or from the start month of a retainer not yet started (which may still move
 * its start). Answers a refusal instead when the change is not allowed.
 */
export async function saveRetainer(
  db: Db,
  clientId: string,
  input: RetainerInput,
  actorId: string | null,
  now: Date,
): Promise<{ refused?: Refusal }> {
  try {
    return await saveOnce(db, clientId, input, actorId, now);
  } catch (err) {
    // Two first saves at once: the loser finds the winner's retainer and changes it.
    if (!isUniqueViolation(err, 'retainers_client_uq')) throw err;
    return saveOnce(db, clientId, input, actorId, now);
  }
}

async function saveOnce(
  db: Db,
  clientId: string,
  input: RetainerInput,
  actorId: string | null,
  now: Date,
): Promise<{ refused?: Refusal }> {
  const current = monthOfDate(now);
  const typeNames = Object.keys(input.allowanceByType ?? {});
  return db.transaction(async (tx) => {
    if (typeNames.length) {
      const known = await tx
        .select({ name: videoTypes.name })
        .from(videoTypes)
        .where(inArray(videoTypes.name, typeNames));
      const names = new Set(known.map((k) => k.name));
      const missing = typeNames.find((n) => !names.has(n));
      if (missing) return refuse(400, RETAINER_MESSAGES.unknownType(missing));
    }
    const terms = {
      monthlyFee: input.monthlyFee,
      allowance: input.allowanceByType ? null : (input.allowance ?? 0),
      allowanceByType: input.allowanceByType ?? null,
      rolloverMax: input.rolloverMax,
      rolloverMonths: input.rolloverMonths,
      createdById: actorId,
    };
    const [existing] = await tx
      .select()
      .from(retainers)
      .where(eq(retainers.clientId, clientId))
      .for('update');
    const started = existing ? monthOfDay(existing.startMonth) <= current : false;
    if (!existing || !started) {
      const start = input.startMonth ?? (existing ? monthOfDay(existing.startMonth) : current);
      if (start < current) return refuse(400, RETAINER_MESSAGES.startPast);
      const previousEnd = existing?.endMonth ? monthOfDay(existing.endMonth) : null;
      const end = input.endMonth === undefined ? previousEnd : input.endMonth;
      if (end !== null && end < start) return refuse(400, RETAINER_MESSAGES.endBeforeStart);
      let id = existing?.id;
      if (id) {
        await tx
          .update(retainers)
          .set({
            startMonth: monthDate(start),
            endMonth: end && monthDate(end),
            updatedAt: sql`now()`,
          })
          .where(eq(retainers.id, id));
        await tx.delete(retainerTerms).where(eq(retainerTerms.retainerId, id));
      } else {
        const [made] = await tx
          .insert(retainers)
          .values({
            clientId,
            startMonth: monthDate(start),
            endMonth: end && monthDate(end),
            createdById: actorId,
          })
          .returning({ id: retainers.id });
        id = made!.id;
      }
      await tx
        .insert(retainerTerms)
        .values({ retainerId: id, effectiveFrom: monthDate(start), ...terms });
      return {};
    }
    const start = monthOfDay(existing.startMonth);
    const oldEnd = existing.endMonth ? monthOfDay(existing.endMonth) : null;
    if (oldEnd !== null && oldEnd < current) return refuse(409, RETAINER_MESSAGES.ended);
    if (input.startMonth && input.startMonth !== start) {
      return refuse(409, RETAINER_MESSAGES.startFixed);
    }
    const end = input.endMonth === undefined ? oldEnd : input.endMonth;
    if (end !== null && end < current) return refuse(400, RETAINER_MESSAGES.endPast);
    const from = changeAppliesFrom(start, current);
    await tx
      .update(retainers)
      .set({ endMonth: end && monthDate(end), updatedAt: sql`now()` })
      .where(eq(retainers.id, existing.id));
    await tx
      .delete(retainerTerms)
      .where(
        and(
          eq(retainerTerms.retainerId, existing.id),
          gt(retainerTerms.effectiveFrom, monthDate(from)),
        ),
      );
    await tx
      .insert(retainerTerms)
      .values({ retainerId: existing.id, effectiveFrom: monthDate(from), ...terms })
      .onConflictDoUpdate({
        target: [retainerTerms.retainerId, retainerTerms.effectiveFrom],
        set: { ...terms, createdAt: sql`now()` },
      });
    return {};
  });
}

/**
 * Ends a client's retainer after the month of `now`: a retainer not yet started is removed;
 * terms set for later months go. Answers false when the client has none.
 */
export async function endRetainer(db: Db, clientId: string, now: Date): Promise<boolean> {
  const current = monthOfDate(now);
  return db.transaction(async (tx) => {
    const [r] = await tx
      .select()
      .from(retainers)
      .where(eq(retainers.clientId, clientId))
      .for('update');
    if (!r) return false;
    if (monthOfDay(r.startMonth) > current) {
      await tx.delete(retainers).where(eq(retainers.id, r.id));
      return true;
    }
    if (r.endMonth && monthOfDay(r.endMonth) <= current) return true;
    await tx
      .update(retainers)
      .set({ endMonth: monthDate(current), updatedAt: sql`now()` })
      .where(eq(retainers.id, r.id));
    await tx
      .delete(retainerTerms)
      .where(
        and(
          eq(retainerTerms.retainerId, r.id),
          gt(retainerTerms.effectiveFrom, monthDate(current)),
        ),
      );
    return true;
  });
}

// --- Closing ------------------------------------------------------------------------------------

/**
 * Closes one month of a retainer, once: under a lock of the retainer's row, the month's row is
 * inserted (ON CONFLICT DO NOTHING: its primary key) and only that inserter writes the draws and
 * the fee. Answers whether this call closed it.
 */
async function closeMonth(db: Db, retainerId: string, month: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: retainers.id })
      .from(retainers)
      .where(eq(retainers.id, retainerId))
      .for('update');
    if (!locked) return false;
    const [r] = await loadRetainers(tx, eq(retainers.id, retainerId));
    if (!r || !retainerRunsIn(r, month)) return false;
    const [done] = await tx
      .select({ month: retainerMonths.month })
      .from(retainerMonths)
      .where(and(eq(retainerMonths.retainerId, r.id), eq(retainerMonths.month, monthDate(month))));
    if (done) return false;
    const terms = termsForMonth(r.terms, month);
    if (!terms) return false;
    const [previous] = await tx
      .select({ summary: retainerMonths.summary })
      .from(retainerMonths)
      .where(
        and(
          eq(retainerMonths.retainerId, r.id),
          eq(retainerMonths.month, monthDate(shiftMonth(month, -1))),
        ),
      );
    const carriesIn = previous ? (previous.summary as MonthSummary).carries : [];
    const byMonth = await videosByMonth(tx, r.clientId, month, shiftMonth(month, 1));
    const result = runMonth({ month, terms, carriesIn, videos: byMonth.get(month) ?? [] });
    const summary: MonthSummary = {
      perType: perTypeTerms(terms),
      buckets: result.buckets,
      carries: result.carries,
    };
    const inserted = await tx
      .insert(retainerMonths)
      .values({
        retainerId: r.id,
        month: monthDate(month),
        termsId: terms.id,
        fee: terms.monthlyFee,
        summary,
      })
      .onConflictDoNothing()
      .returning({ month: retainerMonths.month });
    if (!inserted.length) return false;
    if (result.draws.length) {
      await tx
        .insert(retainerDraws)
        .values(result.draws.map((d) => ({ ...d, retainerId: r.id, month: monthDate(month) })))
        .onConflictDoNothing();
    }
    await tx
      .insert(charges)
      .values({
        clientId: r.clientId,
        kind: 'retainer_fee',
        retainerId: r.id,
        month: monthDate(month),
        description: retainerFeeDescription(month),
        amount: terms.monthlyFee,
      })
      .onConflictDoNothing();
    return true;
  });
}

/**
 * Closes every retainer month that ended before the month of `now` and is not closed yet, in
 * order per retainer (a month's carries come from the previous closed month). Idempotent, also
 * with several instances at once. Answers how many months this call closed.
 */
export async function closeRetainerMonths(db: Db, now: Date = new Date()): Promise<number> {
  const current = monthOfDate(now);
  const due = await db
    .select({
      id: retainers.id,
      startMonth: retainers.startMonth,
      endMonth: retainers.endMonth,
      last: sql<
        string | null
      >`(select max(m.month)::text from ${retainerMonths} m where m.retainer_id = ${retainers.id})`,
    })
    .from(retainers)
    .where(lt(retainers.startMonth, monthDate(current)));
  let closed = 0;
  for (const r of due) {
    const end = r.endMonth ? monthOfDay(r.endMonth) : null;
    let next = r.last ? shiftMonth(monthOfDay(r.last), 1) : monthOfDay(r.startMonth);
    while (next < current && (end === null || next <= end)) {
      if (await closeMonth(db, r.id, next)) closed += 1;
      next = shiftMonth(next, 1);
    }
  }
  return closed;
}
