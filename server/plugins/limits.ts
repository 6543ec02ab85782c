import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LIMIT_MESSAGES, PASSWORD_ADDRESS_FACTOR, PASSWORD_WINDOW_MINUTES } from '@domain/limits';
import { HttpError } from './errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A per-user limit: 'writes' for calls that notify other people, 'password' for
     * change-password (also per address).
     */
    limited?: 'writes' | 'password';
  }
}

export interface LimitsOptions {
  /** Writes that notify other people, per user and minute (WRITE_RATE_LIMIT). */
  writesPerMinute: number;
  /** Change-password attempts per user in PASSWORD_WINDOW_MINUTES (PASSWORD_RATE_LIMIT). */
  passwordAttempts: number;
}

type Limiter = (request: FastifyRequest) => Promise<{ isExceeded?: boolean; ttl?: number }>;

/**
 * Per-user limits on top of @fastify/rate-limit's counters (registered before this): a route
 * marked `config.limited` counts each of its calls once the session is known and before the
 * body is checked, so a user over the limit gets the one 429 answer whatever they send (issue
 * 37: the same refusal on every route), and malformed calls cost as much as good ones. Counters live in each instance's memory, like the login limit's, so N instances
 * allow up to N times the number; they are bounds against abuse, not quotas.
 */
export const limits = fp(
  async (app: FastifyInstance, opts: LimitsOptions) => {
    const create = (max: number, minutes: number, key: (r: FastifyRequest) => string): Limiter =>
      app.createRateLimit({ max, timeWindow: minutes * 60_000, keyGenerator: key }) as Limiter;
    const writes = create(opts.writesPerMinute, 1, (r) => `write:${r.user?.id ?? r.ip}`);
    const passwordByUser = create(
      opts.passwordAttempts,
      PASSWORD_WINDOW_MINUTES,
      (r) => `password:${r.user?.id ?? r.ip}`,
    );
    const passwordByAddress = create(
      opts.passwordAttempts * PASSWORD_ADDRESS_FACTOR,
      PASSWORD_WINDOW_MINUTES,
      (r) => `password-address:${r.ip}`,
    );

    app.addHook('preValidation', async (request, reply) => {
      const kind = request.routeOptions.config?.limited;
      if (!kind || !request.user) return;
      const checks =
        kind === 'writes'
          ? [[writes, LIMIT_MESSAGES.writes] as const]
          : [
              [passwordByUser, LIMIT_MESSAGES.passwordAttempts] as const,
              [passwordByAddress, LIMIT_MESSAGES.passwordAttempts] as const,
            ];
      for (const [limiter, message] of checks) {
        const result = await limiter(request);
        if (result.isExceeded) {
          reply.header('retry-after', String(Math.max(1, Math.ceil((result.ttl ?? 0) / 1000))));
          throw new HttpError(429, message);
        }
      }
    });
  },
  { name: 'limits', dependencies: ['@fastify/rate-limit'] },
);
