import { ROLES } from '@domain/roles';
import type { PublicUser } from '@domain/user';
import { USER_ID_STORAGE_KEY } from './api-client';
import { USER_STORAGE_KEY } from './stored-user-key';

/** The full signed-in user lives under 'user', its id separately under 'demoUserId' (docs/product.md#data). */
export { USER_STORAGE_KEY };

// Checked by hand rather than with the zod schema: zod would weigh down the first page load.
function isPublicUser(value: unknown): value is PublicUser {
  if (!value || typeof value !== 'object') return false;
  const u = value as Record<string, unknown>;
  return (
    typeof u.id === 'string' &&
    typeof u.username === 'string' &&
    (u.name === null || typeof u.name === 'string') &&
    (u.avatarUrl === null || typeof u.avatarUrl === 'string') &&
    typeof u.role === 'string' &&
    (ROLES as readonly string[]).includes(u.role) &&
    (u.isAdmin === 'true' || u.isAdmin === 'false') &&
    typeof u.isVip === 'boolean'
  );
}

/**
 * A user stored before avatars became URLs (issue 15) carried the image itself in `avatar`:
 * keep the person signed in, drop the picture (GET /api/auth/me brings its URL at start).
 */
function fromOlderShape(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const { avatar, ...rest } = value as Record<string, unknown>;
  if ('avatarUrl' in rest || !(avatar === null || typeof avatar === 'string')) return value;
  return { ...rest, avatarUrl: null };
}

/** The stored user; one that cannot be parsed is logged and discarded. */
export function readStoredUser(): PublicUser | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(USER_STORAGE_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed: unknown = fromOlderShape(JSON.parse(raw));
    if (isPublicUser(parsed)) return parsed;
    console.error('Discarding a stored user that is not a valid user record');
  } catch (error) {
    console.error('Discarding a stored user that cannot be parsed', error);
  }
  clearStoredUser();
  return null;
}

export function writeStoredUser(user: PublicUser): void {
  // The server's renderer (ADR 0009) draws with the user too, and has no storage to keep it in.
  if (typeof localStorage === 'undefined') return;
  try {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    localStorage.setItem(USER_ID_STORAGE_KEY, user.id);
  } catch (error) {
    console.error('Could not store the signed-in user', error);
  }
}

export function clearStoredUser(): void {
  try {
    localStorage.removeItem(USER_STORAGE_KEY);
    localStorage.removeItem(USER_ID_STORAGE_KEY);
  } catch {
    // Storage unavailable: nothing was stored either.
  }
}
