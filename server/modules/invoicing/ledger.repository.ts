import { sql, type SQL } from 'drizzle-orm';
import type { BreakdownEntry, LedgerEvent, LedgerKind } from '@domain/invoicing';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { moneyText } from './pricing-sql';

/**
 * The payments ledger (docs/rules.md#rules-the-product-leaves-open, docs/decisions/0005-payments-ledger.md): mark paid
 * and reverse add events here in their own transaction, and every report of past revenue reads
 * them. A month's revenue is the amounts paid in it minus the amounts reversed in it: a reversal
 * counts in the month it happens, so a month already reported never changes.
 */

type Executor = Pick<Db, 'execute'>;

const display = (t: string) => sql.raw(`coalesce(nullif(${t}.name, ''), ${t}.username)`);
const actorName = (actorId: string | null) =>
  actorId
    ? sql`(select coalesce(nullif(a.name, ''), a.username) from users a where a.id = ${actorId}::uuid)`
    : sql`null`;
const idList = (ids: string[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;

/**
 * One 'paid' event for each of these videos that is paid, as the video is now: its name, type,
 * client and assigned editor, its locked price, at its paid date. Called by mark paid after its
 * UPDATE, and by whatever puts paid videos in place directly (the demo, test scenes).
 */
export async function recordPaid(db: Executor, ids: string[], actorId: string | null) {
  if (!ids.length) return;
  await db.execute(sql`
    insert into payment_events (event, video_id, video_name, video_type, client_id,
      client_username, client_name, editor_id, editor_name, amount, actor_id, actor_name, created_at)
    select 'paid', v.id, v.name, v.type, v.user_id, o.username, nullif(o.name, ''),
      v.assigned_editor_id, ${display('e')}, coalesce(v.locked_price, v.payment_amount),
      ${actorId}::uuid, ${actorName(actorId)}, coalesce(v.paid_date, now())
    from videos v
    join users o on o.id = v.user_id
    left join users e on e.id = v.assigned_editor_id
    where v.id in ${idList(ids)} and v.payment_status = 'paid'
    order by v.id`);
}

/**
 * One 'reversed' event for each of these videos that is paid now, called by reverse before its
 * UPDATE clears the payment. It repeats the amount, type and editor of the video's last 'paid'
 * event (so it subtracts exactly what that added, from the same groups); the names are the
 * current ones.
 */
export async function recordReversed(db: Executor, ids: string[], actorId: string | null) {
  if (!ids.length) return;
  await db.execute(sql`
    insert into payment_events (event, video_id, video_name, video_type, client_id,
      client_username, client_name, editor_id, editor_name, amount, actor_id, actor_name)
    select 'reversed', v.id, v.name, coalesce(p.video_type, v.type), v.user_id, o.username,
      nullif(o.name, ''),
      case when p.id is null then v.assigned_editor_id else p.editor_id end,
      case when p.id is null then ${display('e')} else p.editor_name end,
      coalesce(p.amount, v.locked_price, v.payment_amount),
      ${actorId}::uuid, ${actorName(actorId)}
    from videos v
    join users o on o.id = v.user_id
    left join users e on e.id = v.assigned_editor_id
    left join lateral (
      select pe.id, pe.video_type, pe.editor_id, pe.editor_name, pe.amount from payment_events pe
      where pe.video_id = v.id and pe.event = 'paid' and pe.kind = 'video'
      order by pe.created_at desc, pe.id desc limit 1) p on true
    where v.id in ${idList(ids)} and v.payment_status = 'paid'
      and v.status in ('ready_to_post', 'posted')
    order by v.id`);
}

export interface ChargeChange {
  id: string;
  kind: 'extra_round' | 'retainer_fee';
  videoId: string | null;
  roundNumber: number | null;
  amount: string;
}

const chargeChanges = (result: unknown): ChargeChange[] =>
  rowsOf<{
    id: string;
    kind: ChargeChange['kind'];
    video_id: string | null;
    round_number: number | null;
    amount: string;
  }>(result).map((r) => ({
    id: r.id,
    kind: r.kind,
    videoId: r.video_id,
    roundNumber: r.round_number === null ? null : Number(r.round_number),
    amount: r.amount,
  }));

/**
 * Pays these charges (any kind: extra rounds, retainer fees) that are unpaid: sets paid_at and
 * adds a 'paid' event for each, kind as the charge's, with its locked amount (a free charge,
 * 0.00, is paid without an event). An extra round's event names its video ("Promo · Extra
 * revision round 3"), type and editor; a retainer fee's has no video, the charge's description
 * as its name and type 'retainer'. Returns the charges it paid. Call it inside the caller's
 * transaction, after locking whatever the charges belong to.
 */
export async function recordChargesPaid(
  db: Executor,
  chargeIds: string[],
  actorId: string | null,
): Promise<ChargeChange[]> {
  if (!chargeIds.length) return [];
  const paid = chargeChanges(
    await db.execute(sql`
      update charges set paid_at = now()
      where id in ${idList(chargeIds)} and paid_at is null
      returning id, kind, video_id, round_number, amount::text as amount`),
  );
  const ids = paid.filter((c) => c.amount !== '0.00').map((c) => c.id);
  if (ids.length) {
    await db.execute(sql`
      insert into payment_events (event, kind, charge_id, video_id, video_name, video_type,
        client_id, client_username, client_name, editor_id, editor_name, amount, actor_id,
        actor_name, created_at)
      select 'paid', c.kind, c.id, v.id,
        case when v.id is null then c.description else v.name || ' · ' || c.description end,
        case when c.kind = 'retainer_fee' then 'retainer' else coalesce(v.type, c.kind) end,
        c.client_id, o.username, nullif(o.name, ''), v.assigned_editor_id, ${display('e')},
        c.amount, ${actorId}::uuid, ${actorName(actorId)}, c.paid_at
      from charges c
      join users o on o.id = c.client_id
      left join videos v on v.id = c.video_id and c.kind = 'extra_round'
      left join users e on e.id = v.assigned_editor_id
      where c.id in ${idList(ids)}
      order by c.id`);
  }
  return paid.sort((a, b) => a.id.localeCompare(b.id));
}

/**
 * Reverses these charges that are paid: a 'reversed' event for each whose last event is its
 * payment (repeating that event's amount, type and editor), then the charge is unpaid again: a
 * charge on an invoice, or a retainer fee, keeps its row with paid_at cleared; an extra round on
 * no invoice is deleted, so it floats again. Returns the charges it reversed.
 */
export async function recordChargesReversed(
  db: Executor,
  chargeIds: string[],
  actorId: string | null,
): Promise<ChargeChange[]> {
  if (!chargeIds.length) return [];
  await db.execute(sql`
    insert into payment_events (event, kind, charge_id, video_id, video_name, video_type,
      client_id, client_username, client_name, editor_id, editor_name, amount, actor_id,
      actor_name)
    select 'reversed', p.kind, c.id, p.video_id, p.video_name, p.video_type, c.client_id,
      o.username, nullif(o.name, ''), p.editor_id, p.editor_name, p.amount, ${actorId}::uuid,
      ${actorName(actorId)}
    from charges c
    join users o on o.id = c.client_id
    join lateral (
      select pe.* from payment_events pe where pe.charge_id = c.id
      order by pe.created_at desc, pe.id desc limit 1) p on p.event = 'paid'
    where c.id in ${idList(chargeIds)} and c.paid_at is not null
    order by c.id`);
  const reversed = chargeChanges(
    await db.execute(sql`
      select id, kind, video_id, round_number, amount::text as amount from charges
      where id in ${idList(chargeIds)} and paid_at is not null
      order by id`),
  );
  if (!reversed.length) return [];
  const ids = idList(reversed.map((c) => c.id));
  await db.execute(sql`
    delete from charges where id in ${ids} and kind = 'extra_round' and invoice_id is null`);
  await db.execute(sql`update charges set paid_at = null where id in ${ids}`);
  return reversed;
}

/**
 * An event's signed amount (alias `e`): what a payment adds and a reversal subtracts; the one
 * definition of revenue every report sums (the margin report too). A month without events (the
 * trends' left join) gives a null event: it counts nothing.
 */
export const SIGNED = sql.raw(
  `case e.event when 'paid' then e.amount when 'reversed' then -e.amount else 0 end`,
);
/** Videos paid minus reversed: extra rounds and retainer fees add revenue, not videos. */
const COUNT = sql.raw(
  `case when e.kind <> 'video' then 0 when e.event = 'paid' then 1 when e.event = 'reversed' then -1 else 0 end`,
);
/** Items of any kind paid minus reversed (the by-kind breakdown's count). */
const ITEMS = sql.raw(`case e.event when 'paid' then 1 when 'reversed' then -1 else 0 end`);
/** The events (alias `e`) of [start, end). */
export const inRange = (start: Date, end: Date) =>
  sql`e.created_at >= ${start.toISOString()}::timestamptz and e.created_at < ${end.toISOString()}::timestamptz`;

/**
 * Revenue of [start, end): paid minus reversed amounts, and paid minus reversed videos (both can
 * be negative in a month whose reversals outweigh its payments).
 */
export async function ledgerRevenueBetween(db: Db, start: Date, end: Date) {
  const result = await db.execute(sql`
    select ${moneyText(sql`coalesce(sum(${SIGNED}), 0)`)} as total,
      coalesce(sum(${COUNT}), 0)::int as videos,
      ${moneyText(sql`case when coalesce(sum(${COUNT}), 0) <= 0 then 0
        else round(sum(${SIGNED}) / sum(${COUNT}), 2) end`)} as average
    from payment_events e where ${inRange(start, end)}`);
  const [row] = rowsOf<{ total: string; videos: number; average: string }>(result);
  return {
    totalRevenue: row?.total ?? '0.00',
    totalVideos: Number(row?.videos ?? 0),
    averagePerVideo: row?.average ?? '0.00',
  };
}

/**
 * Each month from `start` to `end` (both 'YYYY-MM', UTC months) with its revenue, months without
 * events included as zero. The series is of plain timestamps so month arithmetic and labels do
 * not depend on the session's time zone.
 */
export async function ledgerTrends(db: Db, start: string, end: string) {
  const result = await db.execute(sql`
    select to_char(m.month_start, 'YYYY-MM') as month,
      ${moneyText(sql`coalesce(sum(${SIGNED}), 0)`)} as total_revenue,
      coalesce(sum(${COUNT}), 0)::int as total_videos
    from generate_series(${`${start}-01`}::timestamp, ${`${end}-01`}::timestamp, interval '1 month')
      as m(month_start)
    left join payment_events e
      on e.created_at >= (m.month_start at time zone 'UTC')
      and e.created_at < ((m.month_start + interval '1 month') at time zone 'UTC')
    group by m.month_start
    order by m.month_start`);
  return rowsOf<{ month: string; total_revenue: string; total_videos: number }>(result).map(
    (r) => ({
      month: r.month,
      totalRevenue: r.total_revenue,
      totalVideos: Number(r.total_videos),
    }),
  );
}

/** The name an event kept, marked when its user is gone. */
const keptName = (idColumn: string, nameExpr: string) =>
  sql.raw(`(array_agg(${nameExpr} order by e.created_at desc, e.id desc))[1]
    || case when exists (select 1 from users u where u.id = e.${idColumn}) then '' else ' (deleted)' end`);

type Group = 'client' | 'type' | 'editor' | 'kind';

const GROUPS: Record<Group, { key: SQL; label: SQL; column: string }> = {
  client: {
    key: sql`e.client_id::text`,
    label: keptName('client_id', `coalesce(e.client_name, e.client_username)`),
    column: 'client_id',
  },
  type: {
    key: sql`e.video_type`,
    label: sql`coalesce((select t.display_name from video_types t where t.name = e.video_type),
      case when bool_and(e.kind = 'retainer_fee') then 'Retainer' else e.video_type end)`,
    column: 'video_type',
  },
  editor: {
    key: sql`e.editor_id::text`,
    label: sql`case when e.editor_id is null then 'Unassigned' else ${keptName('editor_id', 'e.editor_name')} end`,
    column: 'editor_id',
  },
  kind: {
    key: sql`e.kind`,
    label: sql`case e.kind when 'video' then 'Videos' when 'extra_round' then 'Extra rounds'
      else 'Retainer fees' end`,
    column: 'kind',
  },
};

/**
 * The revenue of [start, end) grouped one way, largest first, then by label. Clients, editors
 * and types are those of the payment (a reversal repeats its payment's); groups whose events
 * cancel out are left out. Every kind counts as revenue; the count is of videos, except by kind
 * where it is of the kind's items (videos, extra rounds, retainer fees).
 */
export async function ledgerBreakdownBy(
  db: Db,
  group: Group,
  start: Date,
  end: Date,
): Promise<BreakdownEntry[]> {
  const { key, label, column } = GROUPS[group];
  const result = await db.execute(sql`
    select key, label, ${moneyText(sql`revenue`)} as total_revenue, videos as total_videos
    from (
      select ${key} as key, ${label} as label, sum(${SIGNED}) as revenue,
        sum(${group === 'kind' ? ITEMS : COUNT})::int as videos
      from payment_events e
      where ${inRange(start, end)}
      group by ${key}, e.${sql.raw(column)}
      having sum(${SIGNED}) <> 0 or sum(${COUNT}) <> 0
    ) g
    order by revenue desc, lower(label), key`);
  return rowsOf<{ key: string | null; label: string; total_revenue: string; total_videos: number }>(
    result,
  ).map((r) => ({
    key: r.key,
    label: r.label,
    totalRevenue: r.total_revenue,
    totalVideos: Number(r.total_videos),
  }));
}

/**
 * The events of [start, end) (all of them without a range), oldest first, with the names they
 * kept; a video, client or editor that no longer exists is marked '(deleted)'.
 */
export async function listLedgerEvents(db: Db, range?: { start: Date; end: Date }) {
  const deleted = (table: string, column: string) =>
    sql.raw(
      `case when e.${column} is null or exists (select 1 from ${table} x where x.id = e.${column}) then '' else ' (deleted)' end`,
    );
  const result = await db.execute(sql`
    select e.id, e.event, e.kind,
      to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at, e.video_id,
      e.video_name || case when e.video_id is null then '' else ${deleted('videos', 'video_id')} end
        as video_name, e.video_type,
      e.client_id, coalesce(e.client_name, e.client_username) || ${deleted('users', 'client_id')}
        as client_name,
      e.editor_id, case when e.editor_id is null then null
        else coalesce(e.editor_name, '') || ${deleted('users', 'editor_id')} end as editor_name,
      ${moneyText(SIGNED)} as amount, e.actor_name
    from payment_events e
    ${range ? sql`where ${inRange(range.start, range.end)}` : sql``}
    order by e.created_at, e.id`);
  return rowsOf<{
    id: string;
    event: 'paid' | 'reversed';
    kind: LedgerKind;
    at: string;
    video_id: string | null;
    video_name: string;
    video_type: string;
    client_id: string;
    client_name: string;
    editor_id: string | null;
    editor_name: string | null;
    amount: string;
    actor_name: string | null;
  }>(result).map((r): LedgerEvent => ({
    id: r.id,
    event: r.event,
    kind: r.kind,
    at: r.at,
    videoId: r.video_id,
    videoName: r.video_name,
    videoType: r.video_type,
    clientId: r.client_id,
    clientName: r.client_name,
    editorId: r.editor_id,
    editorName: r.editor_name,
    amount: r.amount,
    by: r.actor_name,
  }));
}
