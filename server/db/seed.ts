import { eq } from 'drizzle-orm';
import { hashPassword } from '../lib/passwords';
import type { Db } from './client';
import { users } from './schema';

/**
 * Creates the king on first start (DESIGN.md section 2). Returns the password when this call
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
