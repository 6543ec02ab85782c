import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import {
  normalizeRecoveryCode,
  RECOVERY_CODE_COUNT,
  TICKET_ATTEMPTS,
  TICKET_MINUTES,
  twoFactorRequiredOf,
} from '@domain/two-factor';
import type { Db } from '../../db/client';
import {
  twoFactorRecoveryCodes,
  twoFactorSettings,
  twoFactorTickets,
  userTwoFactor,
} from '../../db/schema';
import { matchTotp, newTotpSecret, secretBytes } from '../../lib/totp';

/**
 * Two-factor sign-in's rows (migration 0036; docs/rules.md#two-factor-sign-in). Every check that
 * uses something up (a code's time step, a recovery code, a ticket) is one conditional statement,
 * so two requests at once on two instances cannot both use it.
 */

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The king's setting: are the king and admins required to use a code? */
export async function readRequiredForAdmins(db: Db): Promise<boolean> {
  const [row] = await db.select().from(twoFactorSettings).limit(1);
  return row?.requiredForAdmins ?? false;
}

export async function saveRequiredForAdmins(db: Db, requiredForAdmins: boolean) {
  await db
    .insert(twoFactorSettings)
    .values({ id: true, requiredForAdmins })
    .onConflictDoUpdate({ target: twoFactorSettings.id, set: { requiredForAdmins } });
}

/** Whether the user has two-factor sign-in on (a setup still awaiting its first code is not). */
export async function hasTwoFactor(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: userTwoFactor.userId })
    .from(userTwoFactor)
    .where(and(eq(userTwoFactor.userId, userId), isNotNull(userTwoFactor.enabledAt)))
    .limit(1);
  return Boolean(row);
}

export async function countRecoveryCodes(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(eq(twoFactorRecoveryCodes.userId, userId));
  return row?.n ?? 0;
}

/**
 * A new key awaiting its first code (replacing an earlier setup never confirmed); null when two-
 * factor is already on: a second setup must not replace the key in use.
 */
export async function startSetup(db: Db, userId: string): Promise<string | null> {
  const secret = newTotpSecret();
  const [row] = await db
    .insert(userTwoFactor)
    .values({ userId, secret })
    .onConflictDoUpdate({
      target: userTwoFactor.userId,
      set: { secret, lastUsedStep: null, createdAt: sql`now()` },
      setWhere: isNull(userTwoFactor.enabledAt),
    })
    .returning({ secret: userTwoFactor.secret });
  return row?.secret ?? null;
}

/** Ten new recovery codes 'xxxxx-xxxxx' (50 random bits each), replacing any left. */
export async function replaceRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  // 32 letters and digits without i, l, o and u: nothing to misread; a byte & 31 picks evenly.
  const alphabet = '0123456789abcdefghjkmnpqrstvwxyz';
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((b) => alphabet[b & 31]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  await db.transaction(async (tx) => {
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await tx
      .insert(twoFactorRecoveryCodes)
      .values(codes.map((code) => ({ userId, codeHash: sha256(normalizeRecoveryCode(code)) })));
  });
  return codes;
}

export type CodeCheck = 'ok' | 'wrong' | 'used';

/**
 * Checks an app's code against the user's key (`pending`: the setup's, else the key in use) and,
 * when it is right, records its time step so that it cannot be used again; confirming a pending
 * setup turns two-factor on in the same statement.
 */
export async function useAppCode(
  db: Db,
  userId: string,
  digits: string,
  { pending = false }: { pending?: boolean } = {},
): Promise<CodeCheck> {
  const [row] = await db
    .select()
    .from(userTwoFactor)
    .where(
      and(
        eq(userTwoFactor.userId, userId),
        pending ? isNull(userTwoFactor.enabledAt) : isNotNull(userTwoFactor.enabledAt),
      ),
    )
    .limit(1);
  if (!row) return 'wrong';
  const step = matchTotp(secretBytes(row.secret), digits);
  if (step === null) return 'wrong';
  const [used] = await db
    .update(userTwoFactor)
    .set({ lastUsedStep: step, ...(pending ? { enabledAt: sql`now()` } : {}) })
    .where(
      and(
        eq(userTwoFactor.userId, userId),
        // The same key as read: a setup started again meanwhile has another.
        eq(userTwoFactor.secret, row.secret),
        pending ? isNull(userTwoFactor.enabledAt) : isNotNull(userTwoFactor.enabledAt),
        or(isNull(userTwoFactor.lastUsedStep), lt(userTwoFactor.lastUsedStep, step)),
      ),
    )
    .returning({ userId: userTwoFactor.userId });
  return used ? 'ok' : 'used';
}

/** Uses up one recovery code of the user; false when it is not one of theirs (or was used). */
export async function useRecoveryCode(db: Db, userId: string, typed: string): Promise<boolean> {
  const [used] = await db
    .delete(twoFactorRecoveryCodes)
    .where(
      and(
        eq(twoFactorRecoveryCodes.userId, userId),
        eq(twoFactorRecoveryCodes.codeHash, sha256(normalizeRecoveryCode(typed))),
      ),
    )
    .returning({ userId: twoFactorRecoveryCodes.userId });
  return Boolean(used);
}

/** Turns two-factor off: the key and the recovery codes go. */
export async function removeTwoFactor(db: Db, userId: string) {
  await db.transaction(async (tx) => {
    await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  });
}

export type TicketPurpose = 'code' | 'enrol';

/**
 * What a right password leads to: 'code' when the user has two-factor on, 'enrol' when the king's
 * setting requires it of them and they have none yet, null when the password is enough.
 */
export async function secondStepOf(
  db: Db,
  user: { id: string; role: string; isAdmin: string },
): Promise<TicketPurpose | null> {
  if (await hasTwoFactor(db, user.id)) return 'code';
  return twoFactorRequiredOf(user, await readRequiredForAdmins(db)) ? 'enrol' : null;
}

/** A new ticket for the step after the password: a random 256-bit token, only its hash kept. */
export async function createTicket(db: Db, userId: string, purpose: TicketPurpose) {
  // Tickets of the past are of no use to anyone: dropped as new ones are made.
  await db.delete(twoFactorTickets).where(lt(twoFactorTickets.expiresAt, sql`now()`));
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + TICKET_MINUTES[purpose] * 60_000);
  await db.insert(twoFactorTickets).values({ id: sha256(token), userId, purpose, expiresAt });
  return { token, expiresAt };
}

/** The live ticket of `token` for `purpose`, with tries left; undefined otherwise. */
export async function findTicket(db: Db, token: string, purpose: TicketPurpose) {
  const [row] = await db
    .select({ id: twoFactorTickets.id, userId: twoFactorTickets.userId })
    .from(twoFactorTickets)
    .where(
      and(
        eq(twoFactorTickets.id, sha256(token)),
        eq(twoFactorTickets.purpose, purpose),
        gt(twoFactorTickets.expiresAt, sql`now()`),
        lt(twoFactorTickets.attempts, TICKET_ATTEMPTS),
      ),
    )
    .limit(1);
  return row;
}

/** A wrong code on a ticket: one try fewer (none left: findTicket no longer finds it). */
export async function countTicketFailure(db: Db, id: string) {
  await db
    .update(twoFactorTickets)
    .set({ attempts: sql`${twoFactorTickets.attempts} + 1` })
    .where(eq(twoFactorTickets.id, id));
}

/** Uses the ticket up; false when another request already did. */
export async function consumeTicket(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .delete(twoFactorTickets)
    .where(eq(twoFactorTickets.id, id))
    .returning({ id: twoFactorTickets.id });
  return Boolean(row);
}
