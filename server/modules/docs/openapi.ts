import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IDEMPOTENCY_HEADER, idempotencyKeySchema } from '@domain/idempotency';

/**
 * The OpenAPI 3.1 document, generated from the zod schemas every route declares (docs/architecture.md#stack: one source of truth). Registered before any route so @fastify/swagger's onRoute
 * hook sees them all. The error answers every route shares (docs/architecture.md#errors) are added here
 * once instead of being repeated in each route's schema.
 */

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const errorBody = (description: string) => ({
  description,
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
});

const validationBody = (description: string) => ({
  description,
  type: 'object',
  properties: {
    message: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: { path: { type: 'string' }, message: { type: 'string' } },
        required: ['path', 'message'],
      },
    },
  },
  required: ['message'],
});

type JsonSchema = Record<string, unknown>;

/** The Idempotency-Key header of a creating call (server/plugins/idempotency.ts). */
const { $schema: _dialect, ...idempotencyKeyJson } = z.toJSONSchema(idempotencyKeySchema);

/** What @fastify/swagger hands a transform: the route's schema, its url and the route itself. */
interface TransformInput {
  schema: Record<string, unknown> | undefined;
  url: string;
  route: RouteOptions;
  openapiObject: Partial<{ openapi: string }>;
}

const zodTransform = createJsonSchemaTransform({ skipList: [] });

/** The zod transform, plus the shared error answers, the session requirement and a tag. */
export function transformRoute(input: TransformInput) {
  // @fastify/websocket hides socket routes from the document; /ws is part of the API, so unhide.
  if ((input.route as { websocket?: boolean }).websocket && input.schema?.hide) {
    const { hide: _hide, ...rest } = input.schema;
    input = { ...input, schema: rest };
  }
  const result = zodTransform(input as Parameters<typeof zodTransform>[0]) as {
    schema: Record<string, unknown> | undefined;
    url: string;
  };
  const schema = result.schema;
  if (!schema || schema.hide) return result;
  const route = input.route;
  const methods = [route.method].flat().map((m) => m.toUpperCase());
  const isPublic = route.config?.public === true;
  const response = { ...((schema.response as Record<string, JsonSchema> | undefined) ?? {}) };
  const add = (code: number, body: JsonSchema) => {
    if (!(code in response) && !(String(code) in response)) response[code] = body;
  };
  // Any unsafe call may carry a body, even one that takes none: Fastify parses it first (an
  // empty JSON body is no body, server/plugins/json-body.ts), and refuses it as a whole.
  const unsafe = methods.some((m) => UNSAFE.has(m));
  if (schema.body || schema.querystring || schema.params) {
    add(
      400,
      validationBody(
        unsafe
          ? 'Invalid input: `message` is the first problem, `errors` lists them all; or a body ' +
              'that is not valid JSON (`message` only)'
          : 'Invalid input: `message` is the first problem, `errors` lists them all',
      ),
    );
  } else if (unsafe) {
    add(400, errorBody('Request body is not valid JSON'));
  }
  if (unsafe) {
    add(413, errorBody('Request body is too large'));
    add(415, errorBody('Unsupported content type: send JSON'));
  }
  if (!isPublic) add(401, errorBody('Not signed in'));
  if (!isPublic || unsafe) {
    add(403, errorBody('Not allowed, or an unsafe request from another site'));
  }
  if (schema.params) add(404, errorBody('Not found, or not visible to the caller'));
  if (
    (route.config && 'rateLimit' in route.config && route.config.rateLimit) ||
    route.config?.limited
  ) {
    add(429, errorBody('Too many attempts; try again later'));
  }
  const idempotent = route.config?.idempotent === true;
  if (idempotent) {
    add(409, errorBody('A request with this Idempotency-Key is still in progress'));
    add(422, errorBody('This Idempotency-Key was already used for a different request'));
  }
  add(500, errorBody('Internal server error'));
  add(
    503,
    errorBody(
      'The database is unavailable, or the request waited too long to start (the server is too busy): try again after Retry-After seconds',
    ),
  );
  // Any statement may need disk space (a read's session refresh too): see DISK_FULL.
  add(507, errorBody("The server's disk is full: writes are refused until space is freed"));

  const segment = input.url.split('/')[input.url.startsWith('/api/') ? 2 : 1] ?? 'app';
  return {
    url: result.url,
    schema: {
      ...schema,
      ...(idempotent && {
        headers: {
          type: 'object',
          properties: {
            ...((schema.headers as { properties?: JsonSchema } | undefined)?.properties ?? {}),
            [IDEMPOTENCY_HEADER]: idempotencyKeyJson,
          },
        },
      }),
      tags: schema.tags ?? [segment.replace(/\..*$/, '') || 'app'],
      security: isPublic ? [] : [{ session: [] }],
      response,
    },
  };
}

export const openapiGenerator = fp(
  async (app: FastifyInstance, opts: { version: string }) => {
    await app.register(fastifySwagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Video workflow API',
          version: opts.version,
          description:
            'Every call takes and returns JSON unless stated. Sign in with POST /api/auth/login; ' +
            'the session travels in an HttpOnly cookie (sid, or __Host-sid behind https). ' +
            'Errors are JSON: { "message": "…" }. Unsafe methods from another site are refused.',
        },
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: 'sid' },
          },
        },
      },
      transform: transformRoute as never,
    });
  },
  { name: 'openapi-generator' },
);
