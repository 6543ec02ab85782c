import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, loginAs, seedUser, type TestApp } from '../../test/helper';
import { SOCKET_REFERENCE } from '@domain/api';

interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string }[];
  responses?: Record<string, { description?: string; content?: unknown }>;
  security?: unknown[];
}
interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let doc: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => {
  await t.close();
});

/** Fastify's `/api/videos/:id` is OpenAPI's `/api/videos/{id}`. */
const openapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

/** A route "has a schema" when it declares at least one success answer (1xx–3xx). */
function hasSuccessSchema(schema: unknown): boolean {
  const response = (schema as { response?: Record<string, unknown> } | undefined)?.response;
  return Object.keys(response ?? {}).some((code) => /^[123]/.test(code));
}

describe('/api/openapi.json', () => {
  it('validates as OpenAPI 3.1', async () => {
    const validator = new Validator();
    const result = await validator.validate(
      structuredClone(doc) as unknown as Parameters<Validator['validate']>[0],
    );
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(doc.openapi).toBe('3.1.0');
  });

  it('lists every registered route, and every route declares its answers', () => {
    // Generic over the app: a route added tomorrow without a schema fails here.
    // The live socket is described under the root's x-websocket, not as an operation.
    const socket = (doc as unknown as { 'x-websocket'?: { path: string } })['x-websocket'];
    expect(socket).toEqual(SOCKET_REFERENCE);
    const routes = t.app.registeredRoutes.filter((r) => r.url !== SOCKET_REFERENCE.path);
    expect(routes.length).toBeGreaterThan(40);
    const withoutSchema = routes
      .filter((r) => !hasSuccessSchema(r.schema))
      .map((r) => `${r.method} ${r.url}`);
    expect(withoutSchema, 'routes without a response schema').toEqual([]);
    const missing = routes
      .filter((r) => !doc.paths[openapiPath(r.url)]?.[r.method.toLowerCase()])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing, 'routes missing from the document').toEqual([]);
  });

  it('declares every path parameter, the error answers and who may call', () => {
    const problems: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
          if (!op.parameters?.some((p) => p.in === 'path' && p.name === name)) {
            problems.push(`${where}: path parameter ${name} undeclared`);
          }
        }
        if (!op.responses?.['500']) problems.push(`${where}: no 500 answer`);
        const success = Object.entries(op.responses ?? {}).filter(([code]) => /^[123]/.test(code));
        if (!success.length) problems.push(`${where}: no success answer`);
        if (!Array.isArray(op.security)) problems.push(`${where}: no security statement`);
        else if (op.security.length > 0 && !op.responses?.['401']) {
          problems.push(`${where}: signed-in call without a 401 answer`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('names, summarises and tags every call, with a 4xx answer each (issue 46)', () => {
    const full = doc as OpenApiDocument & {
      servers?: { url: string }[];
      tags?: { name: string; description?: string }[];
    };
    expect(full.servers?.length).toBeGreaterThan(0);
    const tags = new Set(full.tags?.map((tag) => tag.name));
    const ids = new Map<string, string>();
    const problems: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(item)) {
        const where = `${method.toUpperCase()} ${path}`;
        if (!op.operationId) problems.push(`${where}: no operationId`);
        else if (ids.has(op.operationId))
          problems.push(`${where}: ${ids.get(op.operationId)}'s id`);
        else ids.set(op.operationId, where);
        if (!op.summary) problems.push(`${where}: no summary`);
        if (!op.description) problems.push(`${where}: no description`);
        if (!op.tags?.length || !op.tags.every((tag) => tags.has(tag))) {
          problems.push(`${where}: a tag missing from the document's tags`);
        }
        // The socket's handshake is refused with 401/403 too (plugins/realtime.ts).
        if (!Object.keys(op.responses ?? {}).some((code) => code.startsWith('4'))) {
          problems.push(`${where}: no 4xx answer`);
        }
      }
    }
    expect(problems).toEqual([]);
    // Derived from the method and the path where a route declares none.
    const status = doc.paths['/api/videos/{id}/status']?.patch;
    expect(status?.operationId).toBe('patchVideosByIdStatus');
    expect(status?.summary).toBe('Change status of one video');
    expect(doc.paths['/api/admin/payments.csv']?.get?.operationId).toBe('getAdminPaymentsCsv');
  });

  it('describes a call with its request body, parameters and error shape', () => {
    const patch = doc.paths['/api/videos/{id}']?.patch as Record<string, unknown>;
    expect(patch).toBeTruthy();
    expect(JSON.stringify(patch.requestBody)).toContain('application/json');
    const responses = patch.responses as Record<string, { content?: Record<string, unknown> }>;
    expect(Object.keys(responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '500']),
    );
    expect(JSON.stringify(responses['400']!.content)).toContain('"errors"');
    const login = doc.paths['/api/auth/login']?.post;
    expect(login?.security).toEqual([]);
    expect(Object.keys(login?.responses ?? {})).toContain('429');
  });

  it('shows the error answers a caller may meet (issues 16, 46)', async () => {
    const codes = (path: string, method: string) =>
      Object.keys(doc.paths[path]?.[method]?.responses ?? {});
    // Any unsafe call: a body that is not JSON, too large or of another type; the database may
    // be down anywhere.
    for (const [path, method] of [
      ['/api/videos', 'post'],
      ['/api/notifications/mark-all-read', 'post'],
      ['/api/notifications/clear-all', 'delete'],
    ] as const) {
      expect(codes(path, method), `${method} ${path}`).toEqual(
        expect.arrayContaining(['400', '413', '415', '503', '507']),
      );
    }
    expect(codes('/api/videos', 'get')).not.toContain('415');
    expect(codes('/api/videos', 'get')).toContain('503');
    // Any query holding a NUL, on any call; a path parameter over Fastify's 100 characters.
    for (const [url, status] of [
      ['/api/health?q=%00', 400],
      [`/api/videos/${'a'.repeat(101)}`, 414],
    ] as const) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(status);
      expect(res.json().message, url).toBeTruthy();
    }
    expect(codes('/api/health', 'get')).toContain('400');
    expect(codes('/api/videos/{id}', 'get')).toContain('414');
    // Answers routes send on purpose: a failed sign-in on a public call, duplicates, races.
    const onPurpose = {
      '401': [['/api/auth/login', 'post']],
      '409': [
        ['/api/auth/register', 'post'],
        ['/api/team-leads', 'post'],
        ['/api/videos/{id}', 'patch'],
        ['/api/videos/{id}/status', 'patch'],
      ],
    };
    for (const [code, calls] of Object.entries(onPurpose)) {
      for (const [path, method] of calls) expect(codes(path!, method!), path).toContain(code);
    }
  });
});

describe('/api/docs', () => {
  it('renders a readable page listing every call, with no script', async () => {
    const res = await t.app.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).not.toMatch(/<script/i);
    for (const path of Object.keys(doc.paths)) expect(res.body).toContain(path);
    expect(res.body).toContain('username');
  });

  it('is for signed-in staff only in production', async () => {
    const app = await buildApp({ database: t.database, logger: false, production: true });
    await app.ready();
    try {
      await seedUser(t, { username: 'docs-client', role: 'client' });
      await seedUser(t, { username: 'docs-editor', role: 'editor' });
      const client = await loginAs(t, 'docs-client');
      const editor = await loginAs(t, 'docs-editor');
      for (const url of ['/api/docs', '/api/openapi.json']) {
        expect((await app.inject({ url })).statusCode, url).toBe(401);
        expect((await app.inject({ url, headers: { cookie: client } })).statusCode, url).toBe(403);
        expect((await app.inject({ url, headers: { cookie: editor } })).statusCode, url).toBe(200);
      }
    } finally {
      await app.close();
    }
  });
});
