import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { avatarUrl, type PublicUser } from '@domain/user';
import { CLIENT_ROLE_TEXTS, normalizeRole } from '@domain/roles';
import type { Db } from '../../db/client';
import { userAvatars, users, type UserRow } from '../../db/schema';

/** The columns a public user is made of (never the password hash). */
export type PublicUserRow = Pick<
  UserRow,
  'id' | 'username' | 'name' | 'avatarVersion' | 'role' | 'isAdmin' | 'isVip'
>;

/**
 * The columns of PublicUserRow, for a list of people answered through toPublicUser: the list's
 * query then reads no password hash (nor any other column it does not answer with).
 */
export const publicUserColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  avatarVersion: users.avatarVersion,
  role: users.role,
  isAdmin: users.isAdmin,
  isVip: users.isVip,
} satisfies { [K in keyof PublicUserRow]: (typeof users)[K] };

/** The one place a user row becomes a response: public fields only, never the password hash. */
export function toPublicUser(row: PublicUserRow): PublicUser {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    avatarUrl: avatarUrl(row.id, row.avatarVersion),
    role: normalizeRole(row.role),
    isAdmin: row.isAdmin === 'true' ? 'true' : 'false',
    isVip: row.isVip,
  };
}

/**
 * A person in a list of people as a viewer who sees only part of the directory gets it: the
 * admin flag is left out (docs/rules.md#who-may-do-what, user lists). Staff get the whole public user.
 */
export function toDirectoryUser(row: PublicUserRow, withAdminFlag: boolean) {
  const user: Omit<PublicUser, 'isAdmin'> & { isAdmin?: PublicUser['isAdmin'] } = toPublicUser(row);
  if (!withAdminFlag) delete user.isAdmin;
  return user;
}

/** Users whose stored role is a client's, as stored ('client' or the legacy 'user'). */
export const hasClientRole = () => inArray(users.role, [...CLIENT_ROLE_TEXTS]);

/**
 * Every user whose stored role is not a client's, with that role as stored: callers read it with
 * normalizeRole, which also knows the legacy spellings ('admin', 'boss', 'lead editor').
 */
export async function listStaffRoles(db: Db): Promise<{ id: string; role: string }[]> {
  return db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(notInArray(sql`lower(trim(${users.role}))`, [...CLIENT_ROLE_TEXTS]));
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Usernames are unique regardless of case, so 'Anna' and 'anna' are one account. */
export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return row;
}

/** A checked avatar data URL (domain/avatar.ts) as its bytes and type. */
function decodeAvatar(dataUrl: string) {
  const comma = dataUrl.indexOf(',');
  const contentType = dataUrl.slice('data:'.length, dataUrl.indexOf(';'));
  const bytes = Buffer.from(dataUrl.slice(comma + 1), 'base64');
  // A hash of the bytes: the same picture keeps its URL, a new one gets a new URL.
  const version = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  return { contentType, bytes, version };
}

/**
 * Sets (a data URL) or removes (null or '') a user's avatar; returns the updated user row. Both
 * tables change in one transaction, so the URL never points at missing or other bytes.
 */
export async function setAvatar(
  db: Db,
  userId: string,
  dataUrl: string | null | undefined,
): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    if (!dataUrl) {
      await tx.delete(userAvatars).where(eq(userAvatars.userId, userId));
      const [row] = await tx
        .update(users)
        .set({ avatarVersion: null })
        .where(eq(users.id, userId))
        .returning();
      return row;
    }
    const { contentType, bytes, version } = decodeAvatar(dataUrl);
    const [row] = await tx
      .update(users)
      .set({ avatarVersion: version })
      .where(eq(users.id, userId))
      .returning();
    if (!row) return undefined;
    await tx
      .insert(userAvatars)
      .values({ userId, contentType, bytes })
      .onConflictDoUpdate({
        target: userAvatars.userId,
        set: { contentType, bytes, updatedAt: new Date() },
      });
    return row;
  });
}

/** The avatar image of a user, with the version its URL names. */
export async function findAvatar(db: Db, userId: string) {
  const [row] = await db
    .select({
      contentType: userAvatars.contentType,
      bytes: userAvatars.bytes,
      version: users.avatarVersion,
    })
    .from(userAvatars)
    .innerJoin(users, eq(users.id, userAvatars.userId))
    .where(eq(userAvatars.userId, userId))
    .limit(1);
  return row;
}

export async function insertUser(
  db: Db,
  values: {
    username: string;
    passwordHash: string;
    name?: string | null;
    avatar?: string | null;
    role: string;
    isAdmin?: 'true' | 'false';
  },
): Promise<UserRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        username: values.username,
        password: values.passwordHash,
        name: values.name || null,
        role: values.role,
        isAdmin: values.isAdmin ?? 'false',
      })
      .onConflictDoNothing()
      .returning();
    if (!row || !values.avatar) return row;
    return setAvatar(tx, row.id, values.avatar);
  });
}

export async function updateUser(
  db: Db,
  id: string,
  values: Partial<Pick<UserRow, 'name' | 'password'>>,
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

/**
 * Users a viewer may see (docs/rules.md#who-may-do-what): everyone for staff, the viewer's directory
 * (server/modules/users/directory.ts) for clients and client team leads.
 */
export async function listVisibleUsers(db: Db, visibleIds: Set<string> | null, q?: string) {
  if (visibleIds && visibleIds.size === 0) return [];
  const search = q
    ? sql`(lower(${users.username}) like ${'%' + q.toLowerCase() + '%'}
        or lower(coalesce(${users.name}, '')) like ${'%' + q.toLowerCase() + '%'})`
    : undefined;
  return db
    .select()
    .from(users)
    .where(and(visibleIds ? inArray(users.id, [...visibleIds]) : undefined, search))
    .orderBy(asc(sql`lower(coalesce(${users.name}, ${users.username}))`));
}
