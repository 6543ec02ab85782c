import { apiJson } from '../../../lib/api-client';

/** POST /api/notifications/check-delayed: asks the server for today's overdue notices. */
export const checkDelayed = () =>
  apiJson<{ message: string; created: number }>('POST', '/api/notifications/check-delayed');
