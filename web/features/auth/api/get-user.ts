import type { PublicUser } from '../../../../domain/user';
import { apiFetch } from '../../../lib/api-client';

/** GET /api/users/{id}: a fresh copy of the signed-in user, for refresh (SPEC.md section 8). */
export async function getUser(id: string): Promise<PublicUser> {
  const response = await apiFetch('GET', `/api/users/${encodeURIComponent(id)}`);
  if (!response.ok) throw new Error(`Failed to refresh user data: HTTP ${response.status}`);
  return (await response.json()) as PublicUser;
}
