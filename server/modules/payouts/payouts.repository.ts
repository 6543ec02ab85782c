import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { displayName } from '@domain/people';
import {
  statementTotals,
  type EditorRate,
  type PayoutEvent,
  type PayoutItem,
  type Statement,
  type StatementSummary,
} from '@domain/payouts';
import { type PayoutEventKind } from '@domain/payout-labels';
import { monthDate, monthOfDay } from '@domain/retainers';
import { COMPLETED_STATUSES } from '@domain/video-status';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { rowsOf } from '../../db/rows';
import { editorRates, payoutEvents, payoutItems, users, videoTypes } from '../../db/schema';
import { roundTermsSql } from '../invoicing/pricing-sql';

/**
 * Editor rates, the payouts locked at completion and the payout ledger (issue 44; docs/rules.md
 * "Payouts"). The lock is a CTE of the video's own move (payoutLockOf), so a completion writes
 * its payout in the statement that moves it; the ledger is only ever inserted into.
 */

const COMPLETED = sql.raw(COMPLETED_STATUSES.map((s) => `'${s}'`).join(', '));

/**
 * The insert that locks the payout of the video the CTE `cte` (videos' columns, one row or none)
 * returns, when it is completed and has an editor: a 'video' item at the applying rate (the
 * editor's own for the type, else the type's default; none: no item) and an 'extra_round' item
 * per review round beyond its client's included rounds at that rate's round rate (null: none),
 * each only if the video has none yet (ON CONFLICT DO NOTHING: the unique indexes). The month is
 * the UTC month of the move; names are copies as of it.
 */
export const payoutLockOf = (cte: string): SQL => {
  const m = sql.identifier(cte);
  return sql`insert into payout_items (editor_id, editor_name, video_id, video_name, video_type,
      client_id, client_name, kind, round_number, amount, month, locked_at)
    select m.assigned_editor_id, coalesce(nullif(e.name, ''), e.username), m.id, m.name, m.type,
      m.user_id, coalesce(nullif(c.name, ''), c.username), x.kind, x.round_number, x.amount,
      date_trunc('month', m.status_changed_at at time zone 'UTC')::date, m.status_changed_at
    from ${m} m
    join users e on e.id = m.assigned_editor_id
    join users c on c.id = m.user_id
    cross join lateral (select r.rate, r.round_rate from editor_rates r
      where r.video_type = m.type and (r.editor_id = m.assigned_editor_id or r.editor_id is null)
      order by r.editor_id nulls last limit 1) er
    cross join lateral (
      select 'video'::text as kind, null::integer as round_number, er.rate as amount
      union all
      select 'extra_round', g.n, er.round_rate
      from generate_series((select t.included from ${roundTermsSql(sql`m.user_id`)} t) + 1,
        m.rounds) as g(n)
      where er.round_rate is not null) x
    where m.status in (${COMPLETED})
    on conflict do nothing`;
};

// --- Rates --------------------------------------------------------------------------------------

const rateColumns = {
  id: editorRates.id,
  editorId: editorRates.editorId,
  editorUsername: users.username,
  editorDisplay: users.name,
  videoType: editorRates.videoType,
  rate: editorRates.rate,
  roundRate: editorRates.roundRate,
  updatedAt: editorRates.updatedAt,
};
type RateRow = {
  id: string;
  editorId: string | null;
  editorUsername: string | null;
  editorDisplay: string | null;
  videoType: string;
  rate: string;
  roundRate: string | null;
  updatedAt: Date;
};
const toRate = (r: RateRow): EditorRate => ({
  id: r.id,
  editorId: r.editorId,
  editorName:
    r.editorUsername === null
      ? null
      : displayName({ name: r.editorDisplay, username: r.editorUsername }),
  videoType: r.videoType,
  rate: r.rate,
  roundRate: r.roundRate,
  updatedAt: r.updatedAt.toISOString(),
});

/** Every rate: the defaults first, then each editor's, by type. */
export async function listRates(db: Db): Promise<EditorRate[]> {
  const rows = await db
    .select(rateColumns)
    .from(editorRates)
    .leftJoin(users, eq(users.id, editorRates.editorId))
    .orderBy(sql`${editorRates.editorId} is not null`, users.username, editorRates.videoType);
  return rows.map(toRate);
}

async function findRate(db: Db, id: string): Promise<EditorRate | null> {
  const [row] = await db
    .select(rateColumns)
    .from(editorRates)
    .leftJoin(users, eq(users.id, editorRates.editorId))
    .where(eq(editorRates.id, id));
  return row ? toRate(row) : null;
}

/** Whether a video type of this name exists. */
export async function typeExists(db: Db, name: string): Promise<boolean> {
  const [row] = await db
    .select({ id: videoTypes.id })
    .from(videoTypes)
    .where(eq(videoTypes.name, name))
    .limit(1);
  return Boolean(row);
}

/** A user's name and role, or null. */
export async function findPerson(db: Db, id: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, name: users.name, role: users.role })
    .from(users)
    .where(eq(users.id, id));
  return row ?? null;
}

/** Sets the rate of (editor or default, type): one upsert on the matching unique index. */
export async function saveRate(
  db: Db,
  input: { editorId: string | null; videoType: string; rate: string; roundRate: string | null },
  actorId: string,
): Promise<EditorRate> {
  const set = {
    rate: input.rate,
    roundRate: input.roundRate,
    updatedById: actorId,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(editorRates)
    .values({ ...input, ...set })
    .onConflictDoUpdate(
      input.editorId === null
        ? { target: editorRates.videoType, targetWhere: isNull(editorRates.editorId), set }
        : {
            target: [editorRates.editorId, editorRates.videoType],
            targetWhere: sql`${editorRates.editorId} is not null`,
            set,
          },
    )
    .returning({ id: editorRates.id });
  return (await findRate(db, row!.id))!;
}

export async function deleteRate(db: Db, id: string): Promise<boolean> {
  const rows = await db
    .delete(editorRates)
    .where(eq(editorRates.id, id))
    .returning({ id: editorRates.id });
  return rows.length > 0;
}

// --- Statements ---------------------------------------------------------------------------------

/** A statement as read, before the routes name the agency's currency. */
export type Uncurrenced<T> = Omit<T, 'currency'>;

interface SummaryRow {
  editor_id: string;
  editor_name: string;
  month: string;
  item_count: number;
  item_total: string;
  paid_out: string;
  reversed: string;
}

/** A statement's totals from its sums (domain statementTotals: exact cents). */
const toSummary = (r: SummaryRow): Uncurrenced<StatementSummary> => ({
  editorId: r.editor_id,
  editorName: r.editor_name,
  month: monthOfDay(r.month),
  itemCount: Number(r.item_count),
  ...statementTotals({
    items: [r.item_total],
    events: [
      { event: 'paid_out', amount: r.paid_out },
      { event: 'reversed', amount: r.reversed },
    ],
  }),
});

/**
 * The statements (editor, month) matching `where` (on `s.editor_id`, `s.month`): their item
 * count and sums, the editor named as on their newest item (or entry), newest month first, then
 * by name.
 */
async function summaries(db: Db, where: SQL): Promise<Uncurrenced<StatementSummary>[]> {
  const rows = rowsOf<SummaryRow>(
    await db.execute(sql`
      with s as (
        select editor_id, month from payout_items
        union
        select editor_id, month from payout_events)
      select s.editor_id, s.month::text as month,
        coalesce(
          (select i.editor_name from payout_items i
            where i.editor_id = s.editor_id and i.month = s.month
            order by i.locked_at desc limit 1),
          (select ev.editor_name from payout_events ev
            where ev.editor_id = s.editor_id and ev.month = s.month
            order by ev.created_at desc limit 1)) as editor_name,
        (select count(*) from payout_items i
          where i.editor_id = s.editor_id and i.month = s.month)::int as item_count,
        (select coalesce(sum(i.amount), 0) from payout_items i
          where i.editor_id = s.editor_id and i.month = s.month)::numeric(16,2)::text as item_total,
        (select coalesce(sum(ev.amount), 0) from payout_events ev
          where ev.editor_id = s.editor_id and ev.month = s.month and ev.event = 'paid_out'
        )::numeric(16,2)::text as paid_out,
        (select coalesce(sum(ev.amount), 0) from payout_events ev
          where ev.editor_id = s.editor_id and ev.month = s.month and ev.event = 'reversed'
        )::numeric(16,2)::text as reversed
      from s where ${where}
      order by s.month desc, editor_name`),
  );
  return rows.map(toSummary);
}

/** Every editor's statement of `month` ('YYYY-MM'). */
export const monthStatements = (db: Db, month: string) =>
  summaries(db, sql`s.month = ${monthDate(month)}::date`);

/** An editor's statements, newest month first. */
export const editorStatements = (db: Db, editorId: string) =>
  summaries(db, sql`s.editor_id = ${editorId}::uuid`);

const reversal = sql`(select r.id from payout_events r where r.reverses_id = ${payoutEvents.id})`;

/**
 * The statement of (editor, month) with its items (in lock order) and ledger entries (oldest
 * first); `fallbackName` names an editor with nothing in the month.
 */
export async function statement(
  db: Db,
  editorId: string,
  month: string,
  fallbackName: string,
): Promise<Uncurrenced<Statement>> {
  const day = monthDate(month);
  const [items, events] = await Promise.all([
    db
      .select()
      .from(payoutItems)
      .where(and(eq(payoutItems.editorId, editorId), eq(payoutItems.month, day)))
      .orderBy(
        asc(payoutItems.lockedAt),
        asc(payoutItems.videoName),
        sql`${payoutItems.roundNumber} asc nulls first`,
      ),
    db
      .select({
        id: payoutEvents.id,
        event: payoutEvents.event,
        editorName: payoutEvents.editorName,
        amount: payoutEvents.amount,
        itemCount: payoutEvents.itemCount,
        reversesId: payoutEvents.reversesId,
        reversedById: sql<string | null>`${reversal}`,
        actorName: payoutEvents.actorName,
        createdAt: payoutEvents.createdAt,
      })
      .from(payoutEvents)
      .where(and(eq(payoutEvents.editorId, editorId), eq(payoutEvents.month, day)))
      .orderBy(asc(payoutEvents.createdAt), asc(payoutEvents.id)),
  ]);
  const itemViews: PayoutItem[] = items.map((i) => ({
    id: i.id,
    kind: i.kind,
    roundNumber: i.roundNumber,
    videoId: i.videoId,
    videoName: i.videoName,
    videoType: i.videoType,
    clientName: i.clientName,
    amount: i.amount,
    lockedAt: i.lockedAt.toISOString(),
  }));
  const eventViews: PayoutEvent[] = events.map((e) => ({
    id: e.id,
    event: e.event,
    amount: e.amount,
    itemCount: e.itemCount,
    reversesId: e.reversesId,
    reversedById: e.reversedById,
    actorName: e.actorName,
    createdAt: e.createdAt.toISOString(),
  }));
  return {
    editorId,
    editorName: items.at(-1)?.editorName ?? events.at(-1)?.editorName ?? fallbackName,
    month,
    itemCount: items.length,
    ...statementTotals({ items: itemViews.map((i) => i.amount), events: eventViews }),
    items: itemViews,
    events: eventViews,
  };
}

// --- The ledger ---------------------------------------------------------------------------------

/** The advisory lock of one statement's ledger until the transaction ends. */
const statementLock = (editorId: string, day: string) =>
  sql`select pg_advisory_xact_lock(hashtext(${`payout:${editorId}:${day}`}))`;

/**
 * Pays out the balance of (editor, month) as a 'paid_out' entry, or answers 'nothing' when the
 * balance is 0. The statement's lock is taken first, so that of two pay-outs at once the second
 * reads the balance after the first (READ COMMITTED: each statement its own snapshot) and pays
 * nothing.
 */
export async function payOut(
  db: Db,
  editorId: string,
  month: string,
  actor: { id: string; name: string },
): Promise<{ id: string; amount: string } | 'nothing'> {
  const day = monthDate(month);
  return db.transaction(async (tx) => {
    await tx.execute(statementLock(editorId, day));
    const [made] = rowsOf<{ id: string; amount: string }>(
      await tx.execute(sql`
        with items as (
          select count(*)::int as n, coalesce(sum(amount), 0) as total,
            (select editor_name from payout_items
              where editor_id = ${editorId}::uuid and month = ${day}::date
              order by locked_at desc limit 1) as name
          from payout_items where editor_id = ${editorId}::uuid and month = ${day}::date),
        paid as (
          select coalesce(sum(case when event = 'paid_out' then amount else -amount end), 0) as paid
          from payout_events where editor_id = ${editorId}::uuid and month = ${day}::date)
        insert into payout_events (event, editor_id, editor_name, month, amount, item_count,
          actor_id, actor_name)
        select 'paid_out', ${editorId}::uuid, items.name, ${day}::date, items.total - paid.paid,
          items.n, ${actor.id}::uuid, ${actor.name}
        from items, paid where items.total - paid.paid > 0
        returning id, amount::text as amount`),
    );
    return made ?? 'nothing';
  });
}

export type ReverseResult =
  | { id: string; editorId: string; editorName: string; month: string; amount: string }
  | 'not_found'
  | 'not_paid_out'
  | 'already';

/** Reverses a pay-out with a new 'reversed' entry; a pay-out is reversed once (unique index). */
export async function reversePayOut(
  db: Db,
  id: string,
  actor: { id: string; name: string },
): Promise<ReverseResult> {
  const [entry] = await db.select().from(payoutEvents).where(eq(payoutEvents.id, id));
  if (!entry) return 'not_found';
  if (entry.event !== ('paid_out' satisfies PayoutEventKind)) return 'not_paid_out';
  try {
    const [made] = await db
      .insert(payoutEvents)
      .values({
        event: 'reversed',
        editorId: entry.editorId,
        editorName: entry.editorName,
        month: entry.month,
        amount: entry.amount,
        itemCount: entry.itemCount,
        reversesId: entry.id,
        actorId: actor.id,
        actorName: actor.name,
      })
      .returning({ id: payoutEvents.id });
    return {
      id: made!.id,
      editorId: entry.editorId,
      editorName: entry.editorName,
      month: monthOfDay(entry.month),
      amount: entry.amount,
    };
  } catch (error) {
    if (isUniqueViolation(error, 'payout_events_reverses_uq')) return 'already';
    throw error;
  }
}
