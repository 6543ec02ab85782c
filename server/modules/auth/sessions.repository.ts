import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, users, type SessionUser } from '../../db/schema';

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new random 256-bit token; only its hash is stored. */
export async function createSession(
  db: Db,
  userId: string,
): Promise<{ token: string; id: string }> {
  const token = randomBytes(32).toString('base64url');
  const id = hashToken(token);
  await db
    .insert(sessions)
    .values({ id, userId, expiresAt: new Date(Date.now() + SESSION_TTL_MS) });
  return { token, id };
}

export type { SessionUser };

const sessionUserColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  isAdmin: users.isAdmin,
  role: users.role,
  isVip: users.isVip,
  createdAt: users.createdAt,
};

export interface FoundSession {
  sessionId: string;
  expiresAt: Date;
  user: SessionUser;
}

/**
 * The session's user, read from the database (the auth plugin caches it only while the cache
 * bus hears every change, so a role change or logout still acts at once). Only the columns a
 * request needs: the avatar can be megabytes and the password hash is needed by one route.
 */
export async function findSessionUser(db: Db, token: string): Promise<FoundSession | undefined> {
  return findSessionById(db, hashToken(token));
}

export async function findSessionById(db: Db, id: string): Promise<FoundSession | undefined> {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt, user: sessionUserColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row ? { sessionId: id, expiresAt: row.expiresAt, user: row.user } : undefined;
}

export { hashToken as sessionIdOf };

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user except the one given (after a password change). */
export async function deleteOtherSessions(db: Db, userId: string, keepSessionId: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
}
