import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './errors';

/** True when a string anywhere in the parsed body or query holds a NUL character. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000') || holdsNul(inner, depth + 1)) return true;
  }
  return false;
}

/**
 * PostgreSQL text cannot hold a NUL character: such a string would fail deep inside a query as
 * a 500. It is refused up front, for every route, with a message saying why.
 */
export const inputGuard = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.query) || holdsNul(request.body) || holdsNul(request.params)) {
      throw new HttpError(400, 'Text must not contain NUL characters');
    }
  });
});
