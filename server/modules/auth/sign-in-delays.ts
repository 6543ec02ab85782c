import { inArray, sql } from 'drizzle-orm';
import { ACCOUNT_DELAY } from '@domain/limits';
import type { Db } from '../../db/client';
import { signInDelays } from '../../db/schema';

/**
 * The delay per account name (issue 37; ACCOUNT_DELAY in domain/limits.ts). Kept in the
 * database, not in an instance's memory like the per-address limits: an attacker's many
 * addresses reach every instance behind the balancer, and N instances counting apart would
 * allow N times the guesses. Sign-in is rare, so its one more query costs nothing that matters.
 * Every time is the database's clock, the same for every instance.
 */

/** The key of one account name (usernames compare without case, as sign-in finds them). */
export const nameKey = (what: 'login' | 'register', username: string) =>
  `${what}:${username.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `register-address:${ip}`;

/** The numbers of one kind of delay (ACCOUNT_DELAY's shape). */
export type DelayRules = { [K in keyof typeof ACCOUNT_DELAY]: number };

/** Whole seconds to wait before any of `keys` may try again; 0 when none is held back. */
export async function secondsToWait(db: Db, keys: string[]): Promise<number> {
  const [row] = await db
    .select({
      wait: sql<string | null>`ceil(extract(epoch from max(${signInDelays.blockedUntil}) - now()))`,
    })
    .from(signInDelays)
    .where(inArray(signInDelays.key, keys));
  return Math.max(0, Number(row?.wait ?? 0));
}

/**
 * Counts a failure of `key` (failures older than forgetAfterMinutes are forgotten first) and,
 * from the freeFailures-th on, holds it back for firstDelaySeconds doubled at each further
 * failure, at most maxDelaySeconds. One statement: attempts at once on several instances count
 * each. `rules`: ACCOUNT_DELAY unless a key needs its own (two-factor's per address).
 */
export async function recordFailure(db: Db, key: string, rules: DelayRules = ACCOUNT_DELAY) {
  const { freeFailures, firstDelaySeconds, maxDelaySeconds, forgetAfterMinutes } = rules;
  const failures = sql`case when sign_in_delays.last_failure_at
      < now() - make_interval(mins => ${forgetAfterMinutes}) then 1
    else sign_in_delays.failures + 1 end`;
  // The exponent is bounded so that power() cannot overflow; the cap is reached long before.
  const delay = (count: unknown) => sql`case when ${count} >= ${freeFailures}
    then now() + make_interval(secs => least(${maxDelaySeconds}::float8,
      ${firstDelaySeconds}::float8 * power(2, least(${count} - ${freeFailures}, 30))))
    else null end`;
  await db
    .insert(signInDelays)
    .values({ key, failures: 1, blockedUntil: sql`${delay(sql`1`)}` })
    .onConflictDoUpdate({
      target: signInDelays.key,
      set: { failures, lastFailureAt: sql`now()`, blockedUntil: delay(failures) },
    });
}

/** The right password: the name's count starts again. */
export async function clearFailures(db: Db, key: string) {
  await db.delete(signInDelays).where(inArray(signInDelays.key, [key]));
}
