import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ADMIN_MESSAGES, mayUseAdminRoutes } from '@domain/admin';
import { currentUser } from '../../plugins/auth';
import { HttpError } from '../../plugins/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The words of the admin guard's 403 on this /api/admin/ route; 'Admin privileges required'
     * unless its plugin says otherwise (invoicing names what it refuses).
     */
    adminRefusal?: string;
  }
}

/** Every route under this prefix is for admins only, whichever module registers it. */
export const ADMIN_PREFIX = '/api/admin/';

/**
 * The one guard of /api/admin/* (docs/rules.md#who-may-do-what): a non-admin is refused with 403 before
 * the body is parsed or validated, so no input of theirs is read. It runs after the session
 * hook (an anonymous call gets its 401 first) and is registered before the route plugins, so a
 * route added under the prefix anywhere is covered without a check of its own.
 */
export const adminGuard = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      if (!request.routeOptions.url?.startsWith(ADMIN_PREFIX)) return;
      if (mayUseAdminRoutes(currentUser(request))) return;
      throw new HttpError(
        403,
        request.routeOptions.config.adminRefusal ?? ADMIN_MESSAGES.adminRequired,
      );
    });
  },
  { name: 'admin-guard' },
);
