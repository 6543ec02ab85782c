import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { extraRoundsSql } from './pricing-sql';

/**
 * Extra revision rounds (docs/rules.md#money): a video's rounds beyond the included ones float at
 * today's fee until they are paid or invoiced; then a `charges` row (kind 'extra_round') holds
 * the amount, locked. The amounts come from pricing-sql.ts (extraRoundsSql), the one home.
 */

type Executor = Pick<Db, 'execute'>;

const idList = (ids: string[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  )})`;

/**
 * Locks the floating extra rounds of these videos: one unpaid charge each ("Extra revision round
 * 3"), its amount what the round costs now. A round already charged is left as it is (the
 * unique index on video and round makes a second lock add nothing). Returns the new charges' ids.
 * Call it in the transaction that pays or invoices them, with the videos locked.
 */
export async function materializeExtraRounds(db: Executor, videoIds: string[]): Promise<string[]> {
  if (!videoIds.length) return [];
  const result = await db.execute(sql`
    insert into charges (client_id, kind, video_id, round_number, description, amount)
    select vid.user_id, 'extra_round', vid.id, x.round_number,
      'Extra revision round ' || x.round_number, x.amount
    from videos vid
    cross join lateral ${extraRoundsSql('vid')} x
    where vid.id in ${idList(videoIds)} and x.charge_id is null
    order by vid.id, x.round_number
    on conflict (video_id, round_number) where kind = 'extra_round' do nothing
    returning id`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

/** The extra-round charges of these videos, unpaid (`paid` false) or paid, in id order. */
export async function extraRoundCharges(
  db: Executor,
  videoIds: string[],
  paid: boolean,
): Promise<string[]> {
  if (!videoIds.length) return [];
  const result = await db.execute(sql`
    select id from charges
    where kind = 'extra_round' and video_id in ${idList(videoIds)}
      and ${paid ? sql`paid_at is not null` : sql`paid_at is null`}
    order by id`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}
