import { apiRequest } from '../../../lib/api-client';

/** POST /api/auth/logout with an empty body: ends the server session. */
export async function logout(): Promise<void> {
  await apiRequest('POST', '/api/auth/logout');
}
