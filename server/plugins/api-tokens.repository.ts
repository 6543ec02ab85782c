import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { API_TOKEN_SHAPE } from '@domain/api-tokens';
import type { Db } from '../db/client';
import { apiTokens, type SessionUser, users } from '../db/schema';
import { sessionUserColumns } from './sessions.repository';

/**
 * Who a personal API token is (issue 46; docs/rules.md#api-tokens-and-the-calendar-feed), for the
 * auth plugin. A token is a recognisable prefix and 256 random bits; only its SHA-256 is stored
 * and looked up, so a copy of the database opens nothing and no secret is compared in
 * JavaScript. The calendar feed's secrets are made and kept the same way.
 */

export const secretHash = (secret: string) => createHash('sha256').update(secret).digest('hex');

/** A new secret with `prefix` (domain/api-tokens.ts) and the hash that is kept of it. */
export function newSecret(prefix: string): { secret: string; hash: string } {
  const secret = prefix + randomBytes(32).toString('base64url');
  return { secret, hash: secretHash(secret) };
}

export interface FoundApiToken {
  tokenId: string;
  lastUsedAt: Date | null;
  user: SessionUser;
}

/**
 * The user of a bearer secret, if it is a live token: of the issued shape, known by its hash,
 * not revoked, not expired. The user is read with it (as a session's is), so a role change acts
 * on the token's next call.
 */
export async function findApiTokenUser(db: Db, secret: string): Promise<FoundApiToken | undefined> {
  if (!API_TOKEN_SHAPE.test(secret)) return undefined;
  const [row] = await db
    .select({ tokenId: apiTokens.id, lastUsedAt: apiTokens.lastUsedAt, user: sessionUserColumns })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(
      and(
        eq(apiTokens.tokenHash, secretHash(secret)),
        isNull(apiTokens.revokedAt),
        gt(apiTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row;
}

/** Last use is kept to the minute: a busy script costs one write a minute, not one a call. */
const TOUCH_MS = 60_000;

/** Notes the token's use, at most once a minute. */
export async function touchApiToken(db: Db, found: FoundApiToken): Promise<void> {
  const now = Date.now();
  if (found.lastUsedAt && now - found.lastUsedAt.getTime() < TOUCH_MS) return;
  await db
    .update(apiTokens)
    .set({ lastUsedAt: new Date(now) })
    .where(
      and(
        eq(apiTokens.id, found.tokenId),
        or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, new Date(now - TOUCH_MS))),
      ),
    );
}
