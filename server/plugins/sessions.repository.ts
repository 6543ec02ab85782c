import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users, type SessionUser } from '../db/schema';
import { DAY_MS } from '@domain/day-counter';

/**
 * How long a session lives: it ends `idleMs` after its last request and `maxMs` after sign-in,
 * whichever comes first. `expires_at` holds the nearer end; use moves it forward.
 */
export interface SessionLifetime {
  idleMs: number;
  maxMs: number;
}

export const sessionLifetime = (idleDays: number, maxDays: number): SessionLifetime => ({
  idleMs: idleDays * DAY_MS,
  maxMs: maxDays * DAY_MS,
});

/** How far a session's end may lag behind its last use: at most one write per hour of use. */
const touchInterval = (lifetime: SessionLifetime) =>
  Math.min(60 * 60 * 1000, Math.floor(lifetime.idleMs / 24));

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new random 256-bit token; only its hash is stored. */
export async function createSession(
  db: Db,
  userId: string,
  lifetime: SessionLifetime,
): Promise<{ token: string; id: string }> {
  const token = randomBytes(32).toString('base64url');
  const id = hashToken(token);
  const ends = Date.now() + Math.min(lifetime.idleMs, lifetime.maxMs);
  await db.insert(sessions).values({ id, userId, expiresAt: new Date(ends) });
  return { token, id };
}

/**
 * Moves a used session's end to `idleMs` from now, never past `maxMs` after it began. Written
 * only when the end has fallen behind by the touch interval, so a busy session costs one write
 * an hour, not one per request.
 */
export async function touchSession(db: Db, found: FoundSession, lifetime: SessionLifetime) {
  const now = Date.now();
  const wanted = Math.min(now + lifetime.idleMs, found.createdAt.getTime() + lifetime.maxMs);
  if (wanted - found.expiresAt.getTime() < touchInterval(lifetime)) return;
  const expiresAt = new Date(wanted);
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, found.sessionId));
  found.expiresAt = expiresAt;
}

export type { SessionUser };

export const sessionUserColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  isAdmin: users.isAdmin,
  role: users.role,
  isVip: users.isVip,
  avatarVersion: users.avatarVersion,
  createdAt: users.createdAt,
};

export interface FoundSession {
  sessionId: string;
  createdAt: Date;
  expiresAt: Date;
  user: SessionUser;
}

/**
 * The session's user, read from the database (the auth plugin caches it only while the cache
 * bus hears every change, so a role change or logout still acts at once). Only the columns a
 * request needs: the password hash is needed by one route.
 */
export async function findSessionUser(db: Db, token: string): Promise<FoundSession | undefined> {
  return findSessionById(db, hashToken(token));
}

export async function findSessionById(db: Db, id: string): Promise<FoundSession | undefined> {
  const [row] = await db
    .select({
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      user: sessionUserColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, id), gt(sessions.expiresAt, new Date())))
    .limit(1);
  return row
    ? { sessionId: id, createdAt: row.createdAt, expiresAt: row.expiresAt, user: row.user }
    : undefined;
}

export { hashToken as sessionIdOf };

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user except the one given (after a password change). */
export async function deleteOtherSessions(db: Db, userId: string, keepSessionId: string) {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)));
}
