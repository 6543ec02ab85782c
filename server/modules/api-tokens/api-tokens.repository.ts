import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import { API_TOKEN_PREFIX, secretHint, type ApiTokenView } from '@domain/api-tokens';
import { DAY_MS } from '@domain/day-counter';
import type { Db } from '../../db/client';
import { apiTokens, type ApiTokenRow } from '../../db/schema';
import { newSecret } from '../../plugins/api-tokens.repository';

/**
 * Personal API tokens (issue 46; docs/rules.md#api-tokens-and-the-calendar-feed): their owner's
 * list, creation and revocation. Who a bearer token is (the look-up on each call) is the auth
 * plugin's: server/plugins/api-tokens.repository.ts.
 */

export const toApiTokenView = (row: ApiTokenRow, now = Date.now()): ApiTokenView => ({
  id: row.id,
  name: row.name,
  hint: row.hint,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  expired: row.expiresAt.getTime() <= now,
});

/** The user's tokens that are not revoked (expired ones too, to be removed), newest first. */
export async function listApiTokens(db: Db, userId: string): Promise<ApiTokenRow[]> {
  return db
    .select()
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

/** How many live (not revoked, not expired) tokens the user holds. */
export async function countLiveApiTokens(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.userId, userId),
        isNull(apiTokens.revokedAt),
        gt(apiTokens.expiresAt, new Date()),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * The one place a token is made (the route calls nothing else): the audit log (issue 46, item 6)
 * records the creation here, in `db`'s transaction when given one. Returns the row and, this
 * once, the secret.
 */
export async function createApiToken(
  db: Db,
  values: { userId: string; name: string; expiresInDays: number },
): Promise<{ row: ApiTokenRow; secret: string }> {
  const { secret, hash } = newSecret(API_TOKEN_PREFIX);
  // One clock for both ends: the token lasts exactly its days.
  const createdAt = new Date();
  const [row] = await db
    .insert(apiTokens)
    .values({
      userId: values.userId,
      name: values.name,
      tokenHash: hash,
      hint: secretHint(secret, API_TOKEN_PREFIX),
      createdAt,
      expiresAt: new Date(createdAt.getTime() + values.expiresInDays * DAY_MS),
    })
    .returning();
  return { row: row!, secret };
}

/**
 * The one place a token is revoked: its owner's token `id`, if not revoked already; undefined
 * when there is none. The audit log (issue 46, item 6) records the revocation here (before: the
 * returned row without `revokedAt`).
 */
export async function revokeApiToken(
  db: Db,
  userId: string,
  id: string,
): Promise<ApiTokenRow | undefined> {
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning();
  return row;
}
