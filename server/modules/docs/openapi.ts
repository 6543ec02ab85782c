import fastifySwagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SOCKET_REFERENCE } from '@domain/api';
import { IDEMPOTENCY_HEADER, idempotencyKeySchema } from '@domain/idempotency';
import { webhooksOpenApi } from '@domain/webhooks';

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

/** The path's words: `/api/admin/payments.csv` is `admin`, `payments.csv`; `:id` stays a parameter. */
const segmentsOf = (url: string) => url.split('/').filter((s) => s && s !== 'api');
const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A stable, unique and readable operationId from the method and the path, for a route that
 * declares none: `PATCH /api/videos/:id/status` is `patchVideosByIdStatus`. Unique because a
 * method and a path are (openapi.test.ts checks it; Redocly too).
 */
export function operationIdOf(method: string, url: string): string {
  const words = segmentsOf(url).flatMap((s) =>
    s.startsWith(':') ? [`By${capitalise(s.slice(1))}`] : s.split(/[^A-Za-z0-9]+/).map(capitalise),
  );
  return method.toLowerCase() + words.join('');
}

const VERBS: Record<string, string> = {
  GET: 'Read',
  POST: 'Send',
  PUT: 'Replace',
  PATCH: 'Change',
  DELETE: 'Delete',
};
/** A first segment that says whose calls these are rather than what they act on. */
const AUDIENCES: Record<string, string> = { admin: 'admins', king: 'the king', me: 'own' };

const wordsOf = (segment: string) =>
  segment.replace(/\.(\w+)$/, (_, type: string) => ` as ${type.toUpperCase()}`).replace(/-/g, ' ');
const singular = (noun: string) => noun.replace(/ies$/, 'y').replace(/(?<!s)s$/, '');

/**
 * A summary for a route that declares none, read from the path: `GET /api/videos/:id/comments`
 * is "Read comments of one video", `POST /api/admin/invoices/:id/pay` "Send pay of one invoice
 * (admins)". A route's own `schema.summary` says it better and wins.
 */
export function summaryOf(method: string, url: string): string {
  const segments = segmentsOf(url);
  const audience = segments.length > 1 ? AUDIENCES[segments[0]!] : undefined;
  if (audience) segments.shift();
  const phrases: string[] = [];
  for (let i = segments.length - 1; i >= 0; i--) {
    const segment = segments[i]!;
    if (!segment.startsWith(':')) {
      phrases.push(wordsOf(segment));
      continue;
    }
    const owner = segments[i - 1];
    if (owner && !owner.startsWith(':')) {
      phrases.push(`one ${singular(wordsOf(owner))}`);
      i--;
    }
  }
  let verb = VERBS[method] ?? capitalise(method.toLowerCase());
  const last = segments.at(-1) ?? '';
  const [first = '', ...rest] = phrases;
  if (method === 'POST' && /[^s]s$/.test(last)) {
    // A new member of a collection: "Add one comment to one video".
    phrases.splice(0, 1, `one ${singular(first)}${rest.length ? ' to' : ''}`);
    verb = 'Add';
  } else if (first.split(' ')[0] === verb.toLowerCase()) {
    // The path says the verb itself: "Send one invoice", not "Send send of one invoice".
    phrases.splice(0, 1, ...(first.includes(' ') ? [first.slice(verb.length + 1)] : []));
  }
  const [head, ...tail] = phrases;
  const phrase = head?.endsWith(' to') ? [head, tail.join(' of ')].join(' ') : phrases.join(' of ');
  return `${verb} ${phrase || 'the app'}${audience ? ` (${audience})` : ''}`;
}

/** A description for a route that declares none: who may call it and what limits it. */
function descriptionOf(opts: { isPublic: boolean; limited: boolean; idempotent: boolean }) {
  return [
    opts.isPublic ? 'Open to anyone: no sign-in needed.' : 'For a signed-in caller.',
    opts.limited && 'Rate-limited: over the limit it answers 429 with Retry-After.',
    opts.idempotent && `Send an ${IDEMPOTENCY_HEADER} header to make a retry safe.`,
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * The zod transform, plus the shared error answers, the session requirement, a tag, and an
 * operationId, summary and description for a route that declares none.
 */
export function transformRoute(input: TransformInput) {
  // @fastify/websocket hides socket routes from the paths: /ws is described under the root's
  // x-websocket instead (SOCKET_REFERENCE).
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
    add(400, errorBody('Request body is not valid JSON, or text holding a NUL character'));
  } else {
    // Any query is parsed, schema or not, and refused when it holds a NUL (plugins/input-guard.ts).
    add(400, errorBody('Text must not contain NUL characters'));
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
  // Fastify's router refuses a path parameter over maxParamLength (100) before any hook.
  if (input.url.includes(':')) add(414, errorBody('A path parameter is too long'));
  const limited = Boolean(
    (route.config && 'rateLimit' in route.config && route.config.rateLimit) ||
    route.config?.limited,
  );
  if (limited) add(429, errorBody('Too many attempts; try again later'));
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
  const method = methods.find((m) => m !== 'HEAD') ?? 'GET';
  return {
    url: result.url,
    schema: {
      operationId: operationIdOf(method, input.url),
      summary: summaryOf(method, input.url),
      description: descriptionOf({ isPublic, limited, idempotent }),
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
      // A personal API token opens what the session does, but the routes only a session may call.
      security: isPublic
        ? []
        : route.config?.sessionOnly
          ? [{ session: [] }]
          : [{ session: [] }, { bearer: [] }],
      response,
    },
  };
}

interface OpenApiObject {
  paths?: Record<string, Record<string, { tags?: string[] }>>;
  tags?: { name: string; description?: string }[];
  webhooks?: Record<string, Record<string, object>>;
  [key: string]: unknown;
}

/**
 * zod writes a tuple (a drawing's [x, y]) as `prefixItems` with `items: false`; linters and
 * some generators want a schema there, so it becomes `{ not: {} }`: the same "nothing more".
 */
function closedTuples(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(closedTuples);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value).map(([key, inner]) => [key, closedTuples(inner)]);
  const schema = Object.fromEntries(entries) as Record<string, unknown>;
  if ('prefixItems' in schema && schema.items === false) schema.items = { not: {} };
  return schema;
}

/** The whole document: every tag an operation uses listed and described once, tuples closed. */
function completeDocument(document: OpenApiObject): OpenApiObject {
  const declared = new Map((document.tags ?? []).map((tag) => [tag.name, tag]));
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const operation of Object.values(item)) {
      for (const name of operation.tags ?? []) {
        if (declared.has(name)) continue;
        const prefix = [`/api/${name}`, `/${name}`].find((p) => path.startsWith(p));
        const description = prefix ? `The calls under ${prefix}` : `The ${name} calls`;
        declared.set(name, { name, description });
      }
    }
  }
  const tags = [...declared.values()].sort((a, b) => a.name.localeCompare(b.name));
  // A delivery to the king's endpoint needs none of this API's credentials (it is signed).
  const webhooks = Object.fromEntries(
    Object.entries(document.webhooks ?? {}).map(([name, item]) => [
      name,
      Object.fromEntries(
        Object.entries(item).map(([method, operation]) => [method, { security: [], ...operation }]),
      ),
    ]),
  );
  return {
    ...(closedTuples(document) as OpenApiObject),
    // The live socket, which OpenAPI has no operation for (domain/api.ts).
    ...({ 'x-websocket': SOCKET_REFERENCE } as object),
    ...(document.webhooks && { webhooks: closedTuples(webhooks) as OpenApiObject['webhooks'] }),
    tags,
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
          contact: { name: "The agency's administrator (the king)" },
          // The app is the agency's own (package.json is private): no public licence.
          license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
        },
        // Each agency runs its own server: calls go to the one that served this document.
        servers: [{ url: '/', description: 'The server that served this document' }],
        // The deliveries the king's endpoints receive (issue 46, docs/rules.md#webhooks).
        webhooks: webhooksOpenApi() as never,
        components: {
          securitySchemes: {
            session: { type: 'apiKey', in: 'cookie', name: 'sid' },
            bearer: { type: 'http', scheme: 'bearer', description: 'A personal API token (vwt_…)' },
          },
        },
      },
      transform: transformRoute as never,
      transformObject: ((document: { openapiObject: OpenApiObject }) =>
        completeDocument(document.openapiObject)) as never,
    });
  },
  { name: 'openapi-generator' },
);
