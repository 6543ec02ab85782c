import type { PublicUser } from '../../../../domain/user';
import { apiFetch, throwIfNotOk } from '../../../lib/api-client';

/** GET /api/auth/me: the user of the session cookie, or null when there is no valid session. */
export async function getMe(): Promise<PublicUser | null> {
  const response = await apiFetch('GET', '/api/auth/me');
  if (response.status === 401) return null;
  await throwIfNotOk(response);
  return (await response.json()) as PublicUser;
}
