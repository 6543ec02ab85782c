import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTING_DEFAULTS } from '../../env';
import { createTestApp, seedUser, type TestApp } from '../../test/helper';
import { answerProblem, type OpenApiDocument } from '../../test/openapi-answers';
import { createSession, sessionLifetime } from '../../plugins/sessions.repository';

/**
 * Issue 37, observation 17: `POST /api/videos/bulk-delete` from a foreign Origin answered 500
 * (FST_ERR_RESPONSE_SERIALIZATION), its 403 schema not fitting the shared refusal. Every unsafe
 * route of the served document is sent a cross-site call, an unsigned one and one over its rate
 * limits (all set to 1 here), and every answer must be one the document declares for that route,
 * in the declared shape: never a 5xx.
 */

const UNSAFE = ['post', 'put', 'patch', 'delete'];
const NOBODY = '00000000-0000-4000-8000-000000000000';
const FOREIGN = 'https://evil.example';

let t: TestApp;
let doc: OpenApiDocument;
let kingId: string;
/** Review links count guests per address; this one is apart from the other calls. */
const GUEST_ADDRESS = '10.9.9.9';

beforeAll(async () => {
  t = await createTestApp({ authRateLimit: 1, passwordRateLimit: 1, writeRateLimit: 1 });
  doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
  kingId = (await seedUser(t, { username: 'refusal-king', role: 'king', isAdmin: 'true' })).id;
});
afterAll(async () => {
  await t.close();
});

/** What is wrong with an answer by the document (undeclared, misshapen, any 5xx), or null. */
function problemOf(path: string, method: string, res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) {
    return `${method.toUpperCase()} ${path} answered ${res.statusCode}: ${res.body.slice(0, 200)}`;
  }
  const type = String(res.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim();
  return answerProblem(doc, { path, method, status: res.statusCode, type, body: res.body });
}

/** The document's unsafe operations, each with a concrete url (every parameter a stranger's). */
function unsafeOperations() {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .filter((method) => UNSAFE.includes(method))
      .map((method) => ({
        path,
        method,
        url: path.replace(/\{(\w+)\}/g, (_, name: string) =>
          name === 'token' ? 'a'.repeat(43) : NOBODY,
        ),
        declares: (status: number) => String(status) in (operations[method]!.responses ?? {}),
        needsSession: (operations[method]!.security ?? []).length > 0,
      })),
  );
}

async function cookieOfNewSession() {
  const lifetime = sessionLifetime(
    SETTING_DEFAULTS.sessionIdleDays,
    SETTING_DEFAULTS.sessionMaxDays,
  );
  return `sid=${(await createSession(t.db, kingId, lifetime)).token}`;
}

const send = (
  op: { method: string; url: string },
  headers: Record<string, string>,
  remoteAddress = '127.0.0.1',
) =>
  t.app.inject({
    method: op.method.toUpperCase() as 'POST',
    url: op.url,
    headers: { 'content-type': 'application/json', ...headers },
    payload: '{}',
    remoteAddress,
  });

describe('every unsafe route refuses as its document says', () => {
  it('walks more than a handful of routes', () => {
    expect(unsafeOperations().length).toBeGreaterThan(40);
  });

  it('a call from another site: 403 { message }, declared, on every route', async () => {
    const problems: string[] = [];
    const cookie = await cookieOfNewSession();
    for (const op of unsafeOperations()) {
      const res = await send(op, { cookie, origin: FOREIGN });
      if (!op.url.startsWith('/api/')) {
        // Pages outside the API (the one-click unsubscribe) carry no cookie's authority.
        const problem = problemOf(op.path, op.method, res);
        if (problem) problems.push(problem);
        continue;
      }
      if (res.statusCode !== 403) problems.push(`${op.method} ${op.path}: ${res.statusCode}`);
      const problem = problemOf(op.path, op.method, res);
      if (problem) problems.push(problem);
    }
    expect(problems).toEqual([]);
  });

  it('a call without a session: 401 { message } on every route that needs one, declared', async () => {
    const problems: string[] = [];
    for (const op of unsafeOperations()) {
      const res = await send(op, {}, '10.1.1.1');
      const problem = problemOf(op.path, op.method, res);
      if (problem) problems.push(problem);
      if (op.needsSession && res.statusCode !== 401) {
        problems.push(`${op.method} ${op.path}: ${res.statusCode}, not 401`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('a call over the limits: 429 { message } on every limited route, declared', async () => {
    const problems: string[] = [];
    let limited = 0;
    for (const op of unsafeOperations()) {
      // A fresh session each (a route may end it: logout); the limits count per user and address.
      const headers = { cookie: await cookieOfNewSession() };
      const guest = op.url.startsWith('/api/review/');
      // The review links allow a guest 60 calls a minute per address: a minute's worth, and one more.
      const tries = guest ? 61 : 3;
      let res: LightMyRequestResponse | undefined;
      for (let i = 0; i < tries; i++) {
        res = await send(op, headers, guest ? GUEST_ADDRESS : '10.2.2.2');
        if (res.statusCode === 429) break;
      }
      const problem = problemOf(op.path, op.method, res!);
      if (problem) problems.push(problem);
      if (op.declares(429)) {
        limited++;
        if (res!.statusCode !== 429) {
          problems.push(`${op.method} ${op.path}: ${res!.statusCode}, not 429`);
        } else if (!Number(res!.headers['retry-after'])) {
          problems.push(`${op.method} ${op.path}: 429 without Retry-After`);
        }
      }
    }
    expect(problems).toEqual([]);
    // Login, register, change-password, the guest's calls and the writes that notify people.
    expect(limited).toBeGreaterThan(10);
  });
});
