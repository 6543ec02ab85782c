import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * A call that takes no body (mark all read, clear all, log out) may still be sent with
 * `Content-Type: application/json` and nothing after it, as generated clients do: that empty
 * body is no body. Fastify's own JSON parser, kept for everything else, refuses it; so it still
 * refuses an empty body where the route takes one, and malformed JSON everywhere.
 */
export const jsonBody = fp(
  async (app: FastifyInstance) => {
    const { onProtoPoisoning, onConstructorPoisoning } = app.initialConfig;
    const parse = app.getDefaultJsonParser(
      onProtoPoisoning ?? 'error',
      onConstructorPoisoning ?? 'error',
    );
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser<string>(
      'application/json',
      { parseAs: 'string' },
      (request, body, done) => {
        if (body === '' && !request.routeOptions.schema?.body) {
          done(null, undefined);
          return;
        }
        void parse(request, body, done);
      },
    );
  },
  { name: 'json-body' },
);
