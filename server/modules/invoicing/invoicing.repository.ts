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
import type { Db } from '../../db/client';
import { users, videos } from '../../db/schema';
import { recordPaid, recordReversed } from './ledger.repository';
import {
  amountSourceSql,
  moneyText,
  owedSql,
  paidAmountSql,
  retainerPendingSql,
  retainerStateSql,
  rowAmountSql,
  videoEffectivePriceSql,
} from './pricing-sql';

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
};

function baseQuery(db: Db) {
  return db
    .select(rowFields)
    .from(videos)
    .innerJoin(owner, eq(owner.id, videos.userId))
    .leftJoin(editor, eq(editor.id, videos.assignedEditorId));
}

/** A row as the database gives it: dates as Date, payment status as stored. */
type RawRow = Omit<VideoPayment, 'startDate' | 'finishDate' | 'paidDate' | 'paymentStatus'> & {
  startDate: Date | null;
  finishDate: Date | null;
  paidDate: Date | null;
  paymentStatus: string;
};

function toRow(r: RawRow): VideoPayment {
  return {
    ...r,
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
): Promise<'updated' | 'locked' | 'not_found'> {
  const updated = await db
    .update(videos)
    .set({ paymentAmount: amount, updatedAt: new Date() })
    .where(and(eq(videos.id, id), eq(videos.paymentStatus, 'unpaid')))
    .returning({ id: videos.id });
  if (updated.length) return 'updated';
  const [exists] = await db
    .select({ id: videos.id })
    .from(videos)
    .where(eq(videos.id, id))
    .limit(1);
  return exists ? 'locked' : 'not_found';
}

export interface PaymentChange {
  updatedIds: string[];
  skippedVideos: { id: string; reason: SkipReason }[];
  /** Sum of the prices locked (mark paid) or released (reverse). */
  total: string;
}

/**
 * Marks completed unpaid videos paid, or paid ones unpaid, in one transaction.
 *
 * The selected rows are locked first, in id order (so two overlapping calls never deadlock),
 * and the UPDATE repeats the condition: of concurrent calls on the same videos the first pays
 * each video and the others find it paid and skip it. Mark paid fixes lockedPrice to the amount
 * owed at that moment, computed in the same statement; reverse clears paidDate and lockedPrice.
 * Each change adds its event to the payments ledger in the same transaction.
 */
export async function changePaymentStatus(
  db: Db,
  videoIds: string[],
  to: PaymentStatus,
  actorId: string,
): Promise<PaymentChange> {
  const ids = [...new Set(videoIds)];
  return db.transaction(async (tx) => {
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
    const done = new Set(updated.map((r) => r.id));
    if (to === 'paid') await recordPaid(tx, [...done], actorId);
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
    return {
      updatedIds: ids.filter((id) => done.has(id)),
      skippedVideos,
      total: sumMoney(amounts),
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

/** The message of a payment change: what changed, and what was skipped and why. */
export function paymentMessage(change: PaymentChange, to: PaymentStatus, usd: string): string {
  const n = change.updatedIds.length;
  const done =
    n === 0
      ? `No videos were marked as ${to}.`
      : to === 'paid'
        ? `Marked ${videosCount(n)} as paid (${usd} locked).`
        : `Marked ${videosCount(n)} as unpaid (${usd} released); paid dates and locked prices were cleared.`;
  if (!change.skippedVideos.length) return done;
  const counts = new Map<SkipReason, number>();
  for (const s of change.skippedVideos) counts.set(s.reason, (counts.get(s.reason) ?? 0) + 1);
  const parts = [...counts].map(([reason, count]) => `${count} ${SKIP_LABELS[reason]}`);
  return `${done} Skipped ${videosCount(change.skippedVideos.length)}: ${parts.join(', ')}.`;
}

// --- Revenue -----------------------------------------------------------------------------------

/** What every completed unpaid video owes now, and how many there are. */
export async function outstanding(db: Db) {
  const [row] = await db
    .select({
      amount: moneyText(sql`coalesce(sum(${owedSql()}), 0)`),
      videos: sql<number>`count(*)::int`,
    })
    .from(videos)
    .where(and(completed, eq(videos.paymentStatus, 'unpaid')));
  return { amount: row?.amount ?? '0.00', videos: Number(row?.videos ?? 0) };
}
