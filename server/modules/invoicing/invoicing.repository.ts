import { aliasedTable, and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  COMPLETED_STATUSES,
  rangeEnd,
  rangeStart,
  type InvoicingQuery,
  type InvoicingRow,
  type PaymentStatus,
  type RetainerBilling,
  type SkipReason,
  type VideoPayment,
} from '@domain/invoicing';
import { sumMoney } from '@domain/money';
import { RETAINER_MESSAGES } from '@domain/retainers';
import { type Db, isTransaction } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { users, videos } from '../../db/schema';
import {
  recordChargesPaid,
  recordChargesReversed,
  recordPaid,
  recordReversed,
  type ChargeChange,
} from './ledger.repository';
import {
  amountSourceSql,
  extraRoundsJsonSql,
  extraRoundsOwedSql,
  includedRoundsSql,
  moneyText,
  owedSql,
  paidAmountSql,
  retainerPendingSql,
  retainerStateSql,
  rowAmountSql,
  videoEffectivePriceSql,
} from './pricing-sql';
import { extraRoundCharges, materializeExtraRounds } from './rounds.repository';

const owner = aliasedTable(users, 'owner');
const editor = aliasedTable(users, 'editor');

const displayName = (t: typeof owner) => sql`coalesce(nullif(${t.name}, ''), ${t.username})`;
const completed = inArray(videos.status, [...COMPLETED_STATUSES]);
const iso = (d: Date | null) => (d ? d.toISOString() : null);

const rowFields = {
  id: videos.id,
  name: videos.name,
  type: videos.type,
  link: videos.link,
  status: videos.status,
  clientId: videos.userId,
  clientName: sql<string>`${displayName(owner)}`,
  assignedEditorId: videos.assignedEditorId,
  editorName: sql<string | null>`${displayName(editor)}`,
  startDate: videos.startDate,
  finishDate: videos.finishDate,
  duration: videos.duration,
  paymentAmount: sql<string>`(${rowAmountSql()})::text`,
  paymentStatus: videos.paymentStatus,
  paidDate: videos.paidDate,
  lockedPrice: videos.lockedPrice,
  typedAmount: sql<
    string | null
  >`case when ${videos.paymentAmount} > 0 then ${videos.paymentAmount}::text end`,
  effectivePrice: sql<string>`(${videoEffectivePriceSql()})::text`,
  amountSource: sql<'locked' | 'typed' | 'price'>`${amountSourceSql()}`,
  retainer: sql<RetainerBilling | null>`${retainerStateSql()}`,
  publishedUrl: videos.publishedUrl,
  publishedAt: videos.publishedAt,
  rounds: videos.rounds,
  includedRounds: sql<number>`${includedRoundsSql('videos')}`,
  extraRoundsJson: extraRoundsJsonSql('videos'),
};

function baseQuery(db: Db) {
  return db
    .select(rowFields)
    .from(videos)
    .innerJoin(owner, eq(owner.id, videos.userId))
    .leftJoin(editor, eq(editor.id, videos.assignedEditorId));
}

/** A row as the database gives it: dates as Date, payment status as stored. */
type RawRow = Omit<
  VideoPayment,
  | 'startDate'
  | 'finishDate'
  | 'paidDate'
  | 'paymentStatus'
  | 'extraRounds'
  | 'extraRoundsOwed'
  | 'extraRoundsTotal'
> & {
  startDate: Date | null;
  finishDate: Date | null;
  paidDate: Date | null;
  paymentStatus: string;
  extraRoundsJson: string;
};

function toRow({ extraRoundsJson, ...r }: RawRow): VideoPayment {
  const rounds = JSON.parse(extraRoundsJson) as {
    items: VideoPayment['extraRounds'];
    owed: string;
    total: string;
  };
  return {
    ...r,
    includedRounds: Number(r.includedRounds),
    extraRounds: rounds.items,
    extraRoundsOwed: rounds.owed,
    extraRoundsTotal: rounds.total,
    startDate: iso(r.startDate),
    finishDate: iso(r.finishDate),
    paidDate: iso(r.paidDate),
    paymentStatus: r.paymentStatus === 'paid' ? 'paid' : 'unpaid',
    // Kept when a video leaves posted, shown only while it is posted (domain/publishing.ts).
    publishedUrl: r.status === 'posted' ? r.publishedUrl : null,
    publishedAt: r.status === 'posted' ? r.publishedAt : null,
  };
}

/** First instant of the current UTC month and of the next. */
export function currentMonthBounds(now = new Date()) {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

function dateCondition(q: InvoicingQuery): SQL | undefined {
  if (q.dateFilter === 'all') return undefined;
  if (q.dateFilter === 'current') {
    const { start, end } = currentMonthBounds();
    return and(gte(videos.finishDate, start), lt(videos.finishDate, end));
  }
  return and(
    q.from ? gte(videos.finishDate, rangeStart(q.from)) : undefined,
    q.to ? lt(videos.finishDate, rangeEnd(q.to)) : undefined,
  );
}

const SORTS: Record<InvoicingQuery['sortBy'], SQL> = {
  clientName: sql`lower(${displayName(owner)})`,
  editorName: sql`lower(${displayName(editor)})`,
  type: sql`${videos.type}`,
  amount: rowAmountSql(),
  finishDate: sql`${videos.finishDate}`,
};

/** The completed videos of the invoicing table, filtered, sorted and priced by the database. */
export async function listInvoicingRows(
  db: Db,
  q: InvoicingQuery,
): Promise<{ rows: InvoicingRow[]; total: number }> {
  const where = and(
    completed,
    dateCondition(q),
    q.clientId ? eq(videos.userId, q.clientId) : undefined,
    q.editorId ? eq(videos.assignedEditorId, q.editorId) : undefined,
    q.type ? eq(videos.type, q.type) : undefined,
    q.status ? eq(videos.status, q.status) : undefined,
    q.paymentStatus ? eq(videos.paymentStatus, q.paymentStatus) : undefined,
  );
  const direction = sql.raw(q.sortOrder === 'desc' ? 'desc' : 'asc');
  // Unassigned editors and unfinished dates sort last either way; ties fall back to client,
  // newest finish and id so that pages are stable.
  const query = baseQuery(db)
    .where(where)
    .orderBy(
      sql`${SORTS[q.sortBy]} ${direction} nulls last`,
      SORTS.clientName,
      sql`${videos.finishDate} desc nulls last`,
      videos.id,
    );
  const paged = q.limit ? query.limit(q.limit).offset(q.offset ?? 0) : query;
  const [rows, [count]] = await Promise.all([
    paged,
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(videos)
      .where(where),
  ]);
  return {
    rows: (rows as RawRow[]).map((r) => toRow(r) as InvoicingRow),
    total: Number(count?.n ?? 0),
  };
}

export async function findVideoPayment(db: Db, id: string): Promise<VideoPayment | undefined> {
  const [row] = await baseQuery(db).where(eq(videos.id, id)).limit(1);
  return row ? toRow(row) : undefined;
}

/**
 * Sets the amount the king typed for an unpaid video ('0.00' clears it: the video owes its
 * price again). The condition is in the UPDATE, so a video paid meanwhile is never changed.
 */
export async function setTypedAmount(
  db: Db,
  id: string,
  amount: string,
): Promise<'updated' | 'locked' | 'invoiced' | 'not_found'> {
  // On an issued invoice its amount is the invoice line's, which never changes (issue 42).
  const invoiced = sql`exists (select 1 from invoice_lines l where l.video_id = ${videos.id})`;
  const updated = await db
    .update(videos)
    .set({ paymentAmount: amount, updatedAt: new Date() })
    .where(and(eq(videos.id, id), eq(videos.paymentStatus, 'unpaid'), sql`not ${invoiced}`))
    .returning({ id: videos.id });
  if (updated.length) return 'updated';
  const [exists] = await db
    .select({ unpaid: sql<boolean>`${videos.paymentStatus} = 'unpaid'` })
    .from(videos)
    .where(eq(videos.id, id))
    .limit(1);
  if (!exists) return 'not_found';
  return exists.unpaid ? 'invoiced' : 'locked';
}

export interface PaymentChange {
  /** Videos whose own price or extra rounds changed. */
  updatedIds: string[];
  /** How many videos' own price was paid or reversed. */
  videoCount: number;
  /** How many extra rounds were paid or reversed with them. */
  extraRounds: number;
  skippedVideos: { id: string; reason: SkipReason }[];
  /** Sum of the prices locked (mark paid) or released (reverse). */
  total: string;
  /** The videos whose own price was paid (mark paid; none for a reverse). */
  paidIds: string[];
}

/**
 * Marks completed unpaid videos paid, or paid ones unpaid, in one transaction.
 *
 * The selected rows are locked first, in id order (so two overlapping calls never deadlock),
 * and the UPDATE repeats the condition: of concurrent calls on the same videos the first pays
 * each video and the others find it paid and skip it. Mark paid fixes lockedPrice to the amount
 * owed at that moment, computed in the same statement; reverse clears paidDate and lockedPrice.
 * Each change adds its event to the payments ledger in the same transaction.
 *
 * Extra rounds go with their video: mark paid locks and pays every unpaid extra round of each
 * selected completed video (after the video's own price is locked, so a percentage fee is of the
 * locked price), also of one already paid, whose paid price it never touches; reverse reverses
 * the paid ones (recordChargesPaid / recordChargesReversed).
 */
export async function changePaymentStatus(
  db: Db,
  videoIds: string[],
  to: PaymentStatus,
  actorId: string,
): Promise<PaymentChange> {
  const ids = [...new Set(videoIds)];
  // In the caller's transaction when given one (its notices commit with the payment).
  const inTransaction = <T>(work: (tx: Db) => Promise<T>) =>
    isTransaction(db) ? work(db) : db.transaction(work);
  return inTransaction(async (tx) => {
    const current = await tx
      .select({
        id: videos.id,
        status: videos.status,
        paymentStatus: videos.paymentStatus,
        pending: sql<boolean>`${retainerPendingSql()}`,
      })
      .from(videos)
      .where(inArray(videos.id, ids))
      .orderBy(videos.id)
      .for('update');
    const from = to === 'paid' ? 'unpaid' : 'paid';
    const changes: PgUpdateSetSource<typeof videos> =
      to === 'paid'
        ? { paymentStatus: 'paid', paidDate: sql`now()`, lockedPrice: owedSql() }
        : { paymentStatus: 'unpaid', paidDate: null, lockedPrice: null };
    // The amounts released by a reverse are read before the UPDATE clears them.
    const released =
      to === 'unpaid'
        ? await tx
            .select({ amount: sql<string>`(${paidAmountSql()})::text` })
            .from(videos)
            .where(and(inArray(videos.id, ids), completed, eq(videos.paymentStatus, 'paid')))
        : [];
    // The ledger's events, in this transaction: a reversal's before the UPDATE clears the price.
    if (to === 'unpaid') await recordReversed(tx, ids, actorId);
    const updated = await tx
      .update(videos)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(
        and(
          inArray(videos.id, ids),
          completed,
          eq(videos.paymentStatus, from),
          // A retainer client's video waits for its month's close (skipped: retainer_pending).
          to === 'paid' ? sql`not ${retainerPendingSql()}` : undefined,
        ),
      )
      .returning({ id: videos.id, lockedPrice: videos.lockedPrice });
    const paidVideos = new Set(updated.map((r) => r.id));
    if (to === 'paid') await recordPaid(tx, [...paidVideos], actorId);
    const completedIds = current
      .filter((r) => (COMPLETED_STATUSES as readonly string[]).includes(r.status))
      .map((r) => r.id);
    let rounds: ChargeChange[];
    if (to === 'paid') {
      await materializeExtraRounds(tx, completedIds);
      const unpaid = await extraRoundCharges(tx, completedIds, false);
      rounds = await recordChargesPaid(tx, unpaid, actorId);
    } else {
      const paid = await extraRoundCharges(tx, completedIds, true);
      rounds = await recordChargesReversed(tx, paid, actorId);
    }
    const done = new Set([...paidVideos, ...rounds.map((c) => c.videoId!)]);
    const byId = new Map(current.map((r) => [r.id, r]));
    const skippedVideos = ids
      .filter((id) => !done.has(id))
      .map((id) => {
        const row = byId.get(id);
        const reason: SkipReason = !row
          ? 'not_found'
          : !(COMPLETED_STATUSES as readonly string[]).includes(row.status)
            ? 'not_completed'
            : to === 'paid'
              ? row.paymentStatus !== 'paid' && row.pending
                ? 'retainer_pending'
                : 'already_paid'
              : 'not_paid';
        return { id, reason };
      });
    const amounts =
      to === 'paid' ? updated.map((r) => r.lockedPrice ?? '0.00') : released.map((r) => r.amount);
    amounts.push(...rounds.map((c) => c.amount));
    return {
      updatedIds: ids.filter((id) => done.has(id)),
      videoCount: paidVideos.size,
      extraRounds: rounds.length,
      skippedVideos,
      total: sumMoney(amounts),
      paidIds: to === 'paid' ? [...paidVideos] : [],
    };
  });
}

const SKIP_LABELS: Record<SkipReason, string> = {
  not_found: 'not found',
  not_completed: 'not completed (only ready to post or posted videos can be paid)',
  already_paid: 'already paid',
  not_paid: 'not paid',
  retainer_pending: RETAINER_MESSAGES.pending,
};

const videosCount = (n: number) => `${n} video${n === 1 ? '' : 's'}`;
const roundsCount = (n: number) => `${n} extra round${n === 1 ? '' : 's'}`;

/** The message of a payment change: what changed, and what was skipped and why. */
export function paymentMessage(change: PaymentChange, to: PaymentStatus, usd: string): string {
  const n = change.videoCount;
  const r = change.extraRounds;
  const what = [n ? videosCount(n) : '', r ? roundsCount(r) : ''].filter(Boolean).join(' and ');
  const done =
    n === 0 && r === 0
      ? `No videos were marked as ${to}.`
      : to === 'paid'
        ? `Marked ${what} as paid (${usd} locked).`
        : n === 0
          ? `Marked ${what} as unpaid (${usd} released).`
          : `Marked ${what} as unpaid (${usd} released); paid dates and locked prices were cleared.`;
  if (!change.skippedVideos.length) return done;
  const counts = new Map<SkipReason, number>();
  for (const s of change.skippedVideos) counts.set(s.reason, (counts.get(s.reason) ?? 0) + 1);
  const parts = [...counts].map(([reason, count]) => `${count} ${SKIP_LABELS[reason]}`);
  return `${done} Skipped ${videosCount(change.skippedVideos.length)}: ${parts.join(', ')}.`;
}

// --- Revenue -----------------------------------------------------------------------------------

/**
 * What completed videos owe now: the unpaid ones' price and every unpaid extra round; videos
 * counts those that owe anything (an unpaid price, or an unpaid extra round).
 */
/** The closed retainer months' fees not paid yet (they owe with the videos). */
const unpaidFeesSql = sql`select coalesce(sum(c.amount), 0) from charges c
  where c.kind = 'retainer_fee' and c.paid_at is null`;

export async function outstanding(db: Db) {
  const result = await db.execute(sql`
    select ${moneyText(sql`coalesce(sum(o.price + o.rounds), 0) + (${unpaidFeesSql})`)} as amount,
      count(*) filter (where o.unpaid or o.rounds > 0)::int as videos
    from (
      select ${videos.paymentStatus} = 'unpaid' as unpaid,
        case when ${videos.paymentStatus} = 'unpaid' then ${owedSql()} else 0 end as price,
        ${extraRoundsOwedSql('videos')} as rounds
      from ${videos}
      where ${completed}) o`);
  const [row] = rowsOf<{ amount: string; videos: number }>(result);
  return { amount: row?.amount ?? '0.00', videos: Number(row?.videos ?? 0) };
}
