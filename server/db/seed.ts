import { eq } from 'drizzle-orm';
import { hashPassword } from '../lib/passwords';
import { resetPassword } from '../modules/admin/admin.repository';
import { removeTwoFactor } from '../modules/auth/two-factor.repository';
import type { Db } from './client';
import { users } from './schema';

/**
 * Creates the king on first start (docs/getting-started.md). Returns the password when this call
 * created the account with a generated one, so it can be printed once.
 */
export async function ensureKing(
  db: Db,
  opts: { password: string | undefined; generate: () => string },
): Promise<{ created: boolean; generatedPassword?: string }> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'king'))
    .limit(1);
  if (existing) return { created: false };
  const password = opts.password ?? opts.generate();
  const [row] = await db
    .insert(users)
    .values({
      username: 'king',
      password: await hashPassword(password),
      name: 'King',
      role: 'king',
      isAdmin: 'true',
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!row) {
    throw new Error('A user named "king" exists but is not the king; rename it or set its role');
  }
  return opts.password ? { created: true } : { created: true, generatedPassword: password };
}

/**
 * A new password for the king (`npm run reset-king-password`): the given one, or a generated one
 * returned to be printed once. Every session of the king ends, as with an admin's reset. The
 * king's two-factor sign-in is turned off too (issue 46): the way back in for a king who lost the
 * phone and the recovery codes; if the agency requires it, the next sign-in sets it up again.
 */
export async function resetKingPassword(
  db: Db,
  opts: { password: string | undefined; generate: () => string },
): Promise<{ username: string; generatedPassword?: string }> {
  const [king] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.role, 'king'))
    .limit(1);
  if (!king) throw new Error('There is no king yet: npm start creates it on the first start');
  const password = opts.password ?? opts.generate();
  await resetPassword(db, king.id, await hashPassword(password), null);
  await removeTwoFactor(db, king.id);
  return opts.password
    ? { username: king.username }
    : { username: king.username, generatedPassword: password };
}
