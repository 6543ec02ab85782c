import { sql } from 'drizzle-orm';
import {
  AGING_BUCKETS,
  addMonths,
  monthLastDay,
  monthStart,
  type Invoice,
  type UnpaidAging,
} from '@domain/invoicing';
import { sumMoney } from '@domain/money';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { listInvoicingRows } from './invoicing.repository';
import { ledgerBreakdownBy } from './ledger.repository';
import { extraRoundsOwedSql, moneyText, owedSql } from './pricing-sql';
import { DAY_MS } from '@domain/day-counter';

/**
 * A client's invoice for a month: the completed videos finished in it, with what each costs
 * (locked when paid, owed otherwise) and the totals, summed in integer cents.
 */
export async function clientInvoice(
  db: Db,
  client: Invoice['client'],
  month: string,
): Promise<Invoice> {
  const { rows } = await listInvoicingRows(db, {
    dateFilter: 'custom',
    from: `${month}-01`,
    to: monthLastDay(month),
    clientId: client.id,
    sortBy: 'finishDate',
    sortOrder: 'asc',
  });
  const paid = rows.filter((r) => r.paymentStatus === 'paid');
  const unpaid = rows.filter((r) => r.paymentStatus !== 'paid');
  return {
    client,
    month,
    issuedAt: new Date().toISOString(),
    lineItems: rows.map((r) => ({
      id: r.id,
      name: r.name,
      type: r.type,
      finishDate: r.finishDate,
      editorName: r.editorName,
      amount: r.paymentAmount,
      paymentStatus: r.paymentStatus,
      paidDate: r.paidDate,
      publishedUrl: r.publishedUrl,
      publishedAt: r.publishedAt,
    })),
    totals: {
      total: sumMoney(rows.map((r) => r.paymentAmount)),
      paid: sumMoney(paid.map((r) => r.paymentAmount)),
      outstanding: sumMoney(unpaid.map((r) => r.paymentAmount)),
      videos: rows.length,
      paidVideos: paid.length,
      unpaidVideos: unpaid.length,
    },
  };
}

export async function revenueBreakdown(db: Db, month: string) {
  const start = monthStart(month);
  const end = monthStart(addMonths(month, 1));
  const [byClient, byType, byEditor, byKind] = await Promise.all([
    ledgerBreakdownBy(db, 'client', start, end),
    ledgerBreakdownBy(db, 'type', start, end),
    ledgerBreakdownBy(db, 'editor', start, end),
    ledgerBreakdownBy(db, 'kind', start, end),
  ]);
  return { month, byClient, byType, byEditor, byKind };
}

/**
 * Completed unpaid work by whole days since it was finished (since it was created when the
 * finish date is missing), with what it owes at today's prices: an unpaid video's price and any
 * video's unpaid extra rounds (a paid video owing only a round counts too).
 */
export async function unpaidAging(db: Db, now = new Date()): Promise<UnpaidAging> {
  const age = sql`floor(extract(epoch from (${now.toISOString()}::timestamptz - coalesce(finish_date, created_at))) * 1000 / ${DAY_MS})`;
  const bucket = sql.join(
    [
      sql`case`,
      ...AGING_BUCKETS.filter((b) => b.maxDays !== null).map(
        (b) => sql`when ${age} <= ${b.maxDays} then ${b.key}`,
      ),
      sql`else ${AGING_BUCKETS[AGING_BUCKETS.length - 1]!.key} end`,
    ],
    sql` `,
  );
  const result = await db.execute(sql`
    select bucket, ${moneyText(sql`sum(owed)`)} as amount, count(*)::int as videos
    from (
      select ${bucket} as bucket, payment_status = 'unpaid' as unpaid,
        (case when payment_status = 'unpaid' then ${owedSql()} else 0 end)
          + ${extraRoundsOwedSql('videos')} as owed
      from videos
      where status in ('ready_to_post', 'posted')
    ) aged
    where unpaid or owed > 0
    group by bucket`);
  const found = new Map(
    rowsOf<{ bucket: string; amount: string; videos: number }>(result).map((r) => [r.bucket, r]),
  );
  const buckets = AGING_BUCKETS.map((b) => ({
    key: b.key,
    label: b.label,
    amount: found.get(b.key)?.amount ?? '0.00',
    videos: Number(found.get(b.key)?.videos ?? 0),
  }));
  return {
    buckets,
    total: {
      amount: sumMoney(buckets.map((b) => b.amount)),
      videos: buckets.reduce((n, b) => n + b.videos, 0),
    },
  };
}
