import { sql, type SQL } from 'drizzle-orm';
import { addMonths, monthStart, TREND_MONTHS } from '@domain/invoicing';
import {
  MARGIN_MESSAGES,
  marginPercent,
  type MarginGroup,
  type MarginReport,
  type MarginRow,
} from '@domain/margin';
import { subtractMoney, sumMoney } from '@domain/money';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { inRange, SIGNED } from './ledger.repository';
import { moneyText } from './pricing-sql';

/**
 * Margin (docs/rules.md "Margin"): the payments ledger's revenue (SIGNED, the one definition
 * every revenue report sums, in the month of the event) minus the locked payout items (in the
 * month they locked in), over the months [from, to], grouped one way. Both sides are read in one
 * statement and summed in numeric; the names are those the rows kept, the newest first, a
 * video, client or editor that no longer exists marked '(deleted)'.
 */

/** How one grouping reads each side: the key, the name a row kept, and whether it is a retainer fee. */
interface Side {
  key: SQL;
  name: SQL;
}
interface Grouping {
  revenue: Side & { retainer: SQL };
  payout: Side;
  /** The row's label from its key (k), retainer flag (r) and newest kept name (n). */
  label: SQL;
}

const RETAINER_EVENT = sql.raw(`(e.kind = 'retainer_fee')`);
const keyUnlessRetainer = (column: string) =>
  sql.raw(`case when e.kind = 'retainer_fee' then null else ${column} end`);
/** The kept name, marked when the row of `table` with id k is gone. */
const keptName = (table: string) =>
  sql.raw(
    `g.n || case when g.k is null or exists (select 1 from ${table} x where x.id::text = g.k) then '' else ' (deleted)' end`,
  );
const retainerOr = (label: SQL) =>
  sql`case when g.r then ${MARGIN_MESSAGES.retainerFees}::text else ${label} end`;

const GROUPINGS: Record<MarginGroup, Grouping> = {
  client: {
    revenue: {
      key: sql.raw('e.client_id::text'),
      name: sql.raw('coalesce(e.client_name, e.client_username)'),
      retainer: sql.raw('false'),
    },
    payout: { key: sql.raw('p.client_id::text'), name: sql.raw('p.client_name') },
    label: keptName('users'),
  },
  editor: {
    revenue: {
      key: keyUnlessRetainer('e.editor_id::text'),
      name: sql.raw('e.editor_name'),
      retainer: RETAINER_EVENT,
    },
    payout: { key: sql.raw('p.editor_id::text'), name: sql.raw('p.editor_name') },
    label: retainerOr(
      sql`case when g.k is null then ${MARGIN_MESSAGES.unassigned}::text else ${keptName('users')} end`,
    ),
  },
  type: {
    revenue: {
      key: keyUnlessRetainer('e.video_type'),
      name: sql.raw('e.video_type'),
      retainer: RETAINER_EVENT,
    },
    payout: { key: sql.raw('p.video_type'), name: sql.raw('p.video_type') },
    label: retainerOr(
      sql.raw(`coalesce((select t.display_name from video_types t where t.name = g.k), g.k, g.n)`),
    ),
  },
  video: {
    revenue: {
      key: keyUnlessRetainer('e.video_id::text'),
      // An extra round's event is named "Promo · Extra revision round 3": the video's own name
      // comes from its payment or its payout.
      name: sql.raw(`case when e.kind = 'video' then e.video_name end`),
      retainer: RETAINER_EVENT,
    },
    payout: { key: sql.raw('p.video_id::text'), name: sql.raw('p.video_name') },
    label: retainerOr(
      sql`coalesce((select v.name from videos v where v.id::text = g.k),
        g.n || ' (deleted)', g.any_name)`,
    ),
  },
  month: {
    revenue: {
      key: sql.raw(`to_char(e.created_at at time zone 'UTC', 'YYYY-MM')`),
      name: sql.raw('null::text'),
      retainer: sql.raw('false'),
    },
    payout: { key: sql.raw(`to_char(p.month, 'YYYY-MM')`), name: sql.raw('null::text') },
    label: sql.raw('g.k'),
  },
};

interface Figures {
  revenue: string;
  payouts: string;
}
const withMargin = <T extends Figures>(row: T) => {
  const margin = subtractMoney(row.revenue, row.payouts);
  return { ...row, margin, marginPercent: marginPercent(row.revenue, margin) };
};

/**
 * The rows of [from, to] grouped by `by`, largest margin first (by month: every month of the
 * period in order, empty ones as zero). A group whose revenue and payouts are both zero is left
 * out (a payment reversed in the same period, nothing paid out).
 */
export async function marginRows(
  db: Db,
  by: MarginGroup,
  from: string,
  to: string,
): Promise<MarginRow[]> {
  const { revenue, payout, label } = GROUPINGS[by];
  const start = monthStart(from);
  const end = monthStart(addMonths(to, 1));
  const months =
    by === 'month'
      ? sql`union all
        select to_char(m, 'YYYY-MM'), null, false, null::timestamptz, 0, 0, false
        from generate_series(${`${from}-01`}::timestamp, ${`${to}-01`}::timestamp, interval '1 month') as m`
      : sql``;
  const result = await db.execute(sql`
    with items (k, n, r, at, revenue, payouts, is_revenue) as (
      select ${revenue.key}, ${revenue.name}, ${revenue.retainer}, e.created_at, ${SIGNED}, 0, true
      from payment_events e
      where ${inRange(start, end)}
      union all
      select ${payout.key}, ${payout.name}, false, p.locked_at, 0, p.amount, false
      from payout_items p
      where p.month >= ${`${from}-01`}::date and p.month <= ${`${to}-01`}::date
      ${months}
    ),
    g as (
      select k, r,
        (array_agg(n order by at desc nulls last) filter (where n is not null))[1] as n,
        (array_agg(n order by at desc nulls last))[1] as any_name,
        sum(revenue) as revenue, sum(payouts) as payouts,
        bool_or(is_revenue) as has_revenue
      from items
      group by k, r
    )
    select g.k as key, ${label} as label, g.r as retainer_fees,
      ${moneyText(sql`g.revenue`)} as revenue, ${moneyText(sql`g.payouts`)} as payouts,
      ${
        by === 'video'
          ? sql`(not g.r and g.k is not null and g.revenue <> 0
              and not exists (select 1 from payout_items x where x.video_id::text = g.k))`
          : sql`false`
      } as no_payout
    from g
    where ${by === 'month' ? sql`true` : sql`g.revenue <> 0 or g.payouts <> 0`}
    order by ${by === 'month' ? sql`g.k` : sql`g.revenue - g.payouts desc, lower(${label}), g.k`}`);
  return rowsOf<{
    key: string | null;
    label: string | null;
    retainer_fees: boolean;
    revenue: string;
    payouts: string;
    no_payout: boolean;
  }>(result).map((r) =>
    withMargin({
      key: r.key,
      label: r.label ?? '',
      retainerFees: r.retainer_fees,
      noPayout: r.no_payout,
      revenue: r.revenue,
      payouts: r.payouts,
    }),
  );
}

/** The margin report: the rows of the period, their total, and the six months ending with `to`. */
export async function marginReport(
  db: Db,
  by: MarginGroup,
  from: string,
  to: string,
): Promise<MarginReport> {
  const [rows, months] = await Promise.all([
    marginRows(db, by, from, to),
    marginRows(db, 'month', addMonths(to, -(TREND_MONTHS - 1)), to),
  ]);
  const total = withMargin({
    revenue: sumMoney(rows.map((r) => r.revenue)),
    payouts: sumMoney(rows.map((r) => r.payouts)),
  });
  const trend = months.map(({ key, revenue, payouts, margin, marginPercent: percent }) => ({
    month: key ?? '',
    revenue,
    payouts,
    margin,
    marginPercent: percent,
  }));
  return { by, from, to, rows, total, trend };
}
