import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import type { PublicUser } from '../../../domain/user';
import { normalizeRole } from '../../../domain/roles';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../../db/schema';

/** The one place a user row becomes a response: public fields only, never the password hash. */
export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    avatar: row.avatar,
    role: normalizeRole(row.role),
    isAdmin: row.isAdmin === 'true' ? 'true' : 'false',
    isVip: row.isVip,
  };
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
  const [row] = await db
    .insert(users)
    .values({
      username: values.username,
      password: values.passwordHash,
      name: values.name || null,
      avatar: values.avatar || null,
      role: values.role,
      isAdmin: values.isAdmin ?? 'false',
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function updateUser(
  db: Db,
  id: string,
  values: Partial<Pick<UserRow, 'name' | 'avatar' | 'password'>>,
): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

/**
 * Users a viewer may see (DESIGN.md section 4): staff see everyone; a client sees staff and
 * themselves.
 */
export async function listVisibleUsers(db: Db, viewer: { id: string; staff: boolean }, q?: string) {
  const visibility = viewer.staff
    ? undefined
    : or(eq(users.id, viewer.id), and(ne(users.role, 'client'), ne(users.role, 'user')));
  const search = q
    ? or(
        sql`lower(${users.username}) like ${'%' + q.toLowerCase() + '%'}`,
        sql`lower(coalesce(${users.name}, '')) like ${'%' + q.toLowerCase() + '%'}`,
      )
    : undefined;
  const rows = await db
    .select()
    .from(users)
    .where(and(visibility, search))
    .orderBy(asc(sql`lower(coalesce(${users.name}, ${users.username}))`));
  return rows.map(toPublicUser);
}
