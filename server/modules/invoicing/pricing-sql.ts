import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { videos } from '../../db/schema';

/**
 * The pricing arithmetic of docs/rules.md#rules-the-product-leaves-open, as SQL expressions, so that prices are chosen,
 * summed and sorted by the database in numeric(10,2) and never in floating point.
 *
 * Each lookup is by the video type's name (videos.type holds the name). A plan counts only while
 * it is active; a rule matches when min <= duration <= max (no max: open-ended), a video without
 * a duration counting as 0 seconds; when several rules match, the narrowest wins (highest
 * minimum, then lowest maximum, then the oldest rule).
 */

/** The client's custom price for the type, or null. */
export const customPriceSql = (clientId: SQLWrapper, typeName: SQLWrapper): SQL => sql`(
  select cp.price from client_video_type_pricing cp
  join video_types cpt on cpt.id = cp.video_type_id
  where cp.client_id = ${clientId} and cpt.name = ${typeName}
  limit 1)`;

const ruleOrder = sql.raw(
  'order by r.min_duration_seconds desc, r.max_duration_seconds asc nulls last, r.created_at, r.id limit 1',
);

const ruleMatches = (typeName: SQLWrapper, duration: SQLWrapper) => sql`
  rt.name = ${typeName}
  and r.min_duration_seconds <= coalesce(${duration}, 0)
  and (r.max_duration_seconds is null or coalesce(${duration}, 0) <= r.max_duration_seconds)`;

/** The price of the client's active plan for the type and duration, or null. */
export const planRulePriceSql = (
  clientId: SQLWrapper,
  typeName: SQLWrapper,
  duration: SQLWrapper,
): SQL => sql`(
  select r.price from client_pricing_plan_assignments a
  join pricing_plans p on p.id = a.plan_id and p.is_active
  join pricing_plan_rules r on r.plan_id = p.id
  join video_types rt on rt.id = r.video_type_id
  where a.client_id = ${clientId} and a.is_active and ${ruleMatches(typeName, duration)}
  ${ruleOrder})`;

/** The price of the default plan (when active) for the type and duration, or null. */
export const defaultPlanRulePriceSql = (typeName: SQLWrapper, duration: SQLWrapper): SQL => sql`(
  select r.price from pricing_plans p
  join pricing_plan_rules r on r.plan_id = p.id
  join video_types rt on rt.id = r.video_type_id
  where p.is_default and p.is_active and ${ruleMatches(typeName, duration)}
  ${ruleOrder})`;

/** The type's default price, or null for a type that is not in video_types. */
export const typeDefaultPriceSql = (typeName: SQLWrapper): SQL =>
  sql`(select tp.default_price from video_types tp where tp.name = ${typeName} limit 1)`;

/** The effective price, numeric(10,2): custom, else plan rule, else default plan, else default. */
export const effectivePriceSql = (
  clientId: SQLWrapper,
  typeName: SQLWrapper,
  duration: SQLWrapper,
): SQL => sql`coalesce(
  ${customPriceSql(clientId, typeName)},
  ${planRulePriceSql(clientId, typeName, duration)},
  ${defaultPlanRulePriceSql(typeName, duration)},
  ${typeDefaultPriceSql(typeName)},
  0.00)::numeric(10,2)`;

/** The effective price of the row of `videos` in scope. */
export const videoEffectivePriceSql = (): SQL =>
  effectivePriceSql(videos.userId, videos.type, videos.duration);

/**
 * What an unpaid video owes by its own price, a retainer aside: the amount the king typed (more
 * than zero), else its effective price.
 */
export const ownPriceOwedSql = (): SQL =>
  sql`(case when ${videos.paymentAmount} > 0 then ${videos.paymentAmount} else ${videoEffectivePriceSql()} end)::numeric(10,2)`;

/** The first day of the UTC month the video in scope was finished in. */
const finishMonthSql = sql`date_trunc('month', ${videos.finishDate} at time zone 'UTC')::date`;

/**
 * A retainer client's video not billed yet (docs/rules.md "Money"): it has no draw, and its
 * finish month is a month of its client's retainer that is not closed yet.
 */
export const retainerPendingSql = (): SQL => sql`(${videos.finishDate} is not null
  and not exists (select 1 from retainer_draws pd where pd.video_id = ${videos.id})
  and exists (select 1 from retainers pr
    where pr.client_id = ${videos.userId}
      and pr.start_month <= ${finishMonthSql}
      and (pr.end_month is null or pr.end_month >= ${finishMonthSql})
      and not exists (select 1 from retainer_months pm
        where pm.retainer_id = pr.id and pm.month = ${finishMonthSql})))`;

/**
 * What an unpaid video owes: a retainer client's video drawn as covered owes nothing, as overage
 * its own price; one pending its month's close owes nothing yet; any other its own price. Used
 * by mark paid to fix the locked price, inside the same UPDATE.
 */
export const owedSql = (): SQL => sql`(case
  (select rd.covered from retainer_draws rd where rd.video_id = ${videos.id})
  when true then 0.00
  when false then ${ownPriceOwedSql()}
  else case when ${retainerPendingSql()} then 0.00 else ${ownPriceOwedSql()} end
  end)::numeric(10,2)`;

/**
 * How a retainer client's video is billed: drawn as 'covered' or 'overage' once its month
 * closed, 'pending' while its month is open (unpaid), else null (no retainer month).
 */
export const retainerStateSql = (): SQL => sql`coalesce(
  (select case when rs.covered then 'covered' else 'overage' end
    from retainer_draws rs where rs.video_id = ${videos.id}),
  case when ${videos.paymentStatus} = 'unpaid' and ${retainerPendingSql()} then 'pending' end)`;

/** The amount of a paid video: its locked price (the typed amount for rows paid without one). */
export const paidAmountSql = (): SQL =>
  sql`coalesce(${videos.lockedPrice}, ${videos.paymentAmount})`;

/** The invoicing amount of a row: locked when paid, else owed. */
export const rowAmountSql = (): SQL =>
  sql`(case when ${videos.paymentStatus} = 'paid' then ${paidAmountSql()} else ${owedSql()} end)::numeric(10,2)`;

export const amountSourceSql = (): SQL =>
  sql`case when ${videos.paymentStatus} = 'paid' then 'locked' when ${videos.paymentAmount} > 0 then 'typed' else 'price' end`;

/** A numeric as two-decimal text, for sums whose size numeric(10,2) may not hold. */
export const moneyText = (expr: SQL): SQL<string> => sql<string>`(${expr})::numeric(16,2)::text`;

// --- Extra revision rounds (issue 42) ----------------------------------------------------------

/**
 * The revision-round terms of a client, as a one-row subquery (`included`, `fee_kind`, `fee`):
 * the client's own (client_billing), else its active plan's (pricing_plans), else the agency's
 * (agency_settings). Kind and fee are set or null together, so each is taken from the same row.
 */
export const roundTermsSql = (clientId: SQLWrapper): SQL => sql`(
  select coalesce(cb.included_rounds, pp.included_rounds, ag.included_rounds, 2) as included,
    coalesce(cb.round_fee_kind, pp.round_fee_kind, ag.round_fee_kind, 'flat') as fee_kind,
    coalesce(cb.round_fee, pp.round_fee, ag.round_fee, 0)::numeric(10,2) as fee
  from (values (1)) as one_row(x)
  left join agency_settings ag on true
  left join client_billing cb on cb.client_id = ${clientId}
  left join lateral (
    select p.included_rounds, p.round_fee_kind, p.round_fee
    from client_pricing_plan_assignments pa
    join pricing_plans p on p.id = pa.plan_id and p.is_active
    where pa.client_id = ${clientId} and pa.is_active
    limit 1) pp on true)`;

/** A column of the videos row named by `alias` (`videos` in a Drizzle query of videos). */
const col = (alias: string, column: string) => sql.raw(`${alias}.${column}`);

/**
 * The price a percentage round fee is taken of: the video's locked price once paid (unless that
 * is 0, as a retainer's covered video's is), else the typed amount, else its effective price.
 */
export const roundBasePriceSql = (alias: string): SQL => sql`(case
  when ${col(alias, 'payment_status')} = 'paid' and ${col(alias, 'locked_price')} > 0
    then ${col(alias, 'locked_price')}
  when ${col(alias, 'payment_amount')} > 0 then ${col(alias, 'payment_amount')}
  else ${effectivePriceSql(col(alias, 'user_id'), col(alias, 'type'), col(alias, 'duration'))}
  end)::numeric(10,2)`;

/**
 * The extra rounds of the video `alias`, a subquery of rows (round_number, amount, charge_id,
 * paid_at, invoice_id): its rounds beyond the included ones (numbers included+1 .. rounds), and
 * any round already charged. A charged round (paid or invoiced) has its locked amount; the others
 * float: the flat fee, or the percentage of roundBasePriceSql rounded half-up to the cent.
 */
export const extraRoundsSql = (alias: string): SQL => sql`(
  select r.n as round_number,
    coalesce(c.amount, case when t.fee_kind = 'percent'
      then round(${roundBasePriceSql(alias)} * t.fee / 100, 2) else t.fee end)::numeric(10,2)
      as amount,
    c.id as charge_id, c.paid_at, c.invoice_id
  from ${roundTermsSql(col(alias, 'user_id'))} t
  cross join lateral (
    select g.n from generate_series(t.included + 1, ${col(alias, 'rounds')}) as g(n)
    union
    select ch.round_number from charges ch
    where ch.kind = 'extra_round' and ch.video_id = ${col(alias, 'id')}) r(n)
  left join charges c
    on c.kind = 'extra_round' and c.video_id = ${col(alias, 'id')} and c.round_number = r.n)`;

/** What the video's unpaid extra rounds owe now (floating and invoiced-unpaid), numeric. */
export const extraRoundsOwedSql = (alias: string): SQL =>
  sql`(select coalesce(sum(x.amount), 0) from ${extraRoundsSql(alias)} x where x.paid_at is null)`;

/** How many rounds the video's client has included (roundTermsSql's `included`). */
export const includedRoundsSql = (alias: string): SQL =>
  sql`(select t.included from ${roundTermsSql(col(alias, 'user_id'))} t)`;

/**
 * The video's extra rounds as JSON text for a row: {items: [{round, amount, paid, locked}],
 * owed, total}, amounts as two-decimal text (one evaluation of extraRoundsSql per row).
 */
export const extraRoundsJsonSql = (alias: string): SQL<string> => sql<string>`(
  select json_build_object(
    'items', coalesce(json_agg(json_build_object('round', x.round_number,
      'amount', x.amount::text, 'paid', x.paid_at is not null,
      'locked', x.charge_id is not null) order by x.round_number), '[]'::json),
    'owed', coalesce(sum(x.amount) filter (where x.paid_at is null), 0)::numeric(16,2)::text,
    'total', coalesce(sum(x.amount), 0)::numeric(16,2)::text)::text
  from ${extraRoundsSql(alias)} x)`;
