import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, seedUser, type TestApp } from '../../test/helper';

/**
 * The document cannot drift from the server (issue 16): a client is generated from the served
 * /api/openapi.json with openapi-typescript and must agree with the types the web takes from
 * domain/, and every answer of a real scenario, errors included, must be one the document
 * declares, in the shape it declares.
 */

interface Response {
  content?: Record<string, { schema?: object }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, Response> }>>;
}

const here = dirname(fileURLToPath(import.meta.url));

let t: TestApp;
let doc: OpenApiDocument;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t.close();
});

// --- The generated client ---------------------------------------------------------------------

/**
 * For each call, what the web sends (the z.input of its domain body) must be what the generated
 * client accepts, and what the generated client promises must be what the web reads (the z.infer
 * of its domain answer). `Fits` is `true` only then; a call, body or answer missing from the
 * document makes it 'missing'.
 */
const CONTRACT = `
import type { paths } from './openapi';
import type { LoginBody, ProfileUpdateBody, RegisterBody } from '../../../../domain/auth';
import type { CommentInput, CommentView } from '../../../../domain/comments';
import type {
  CheckDelayedAnswer, ClearAllAnswer, MarkAllReadAnswer, NotificationCount,
} from '../../../../domain/notification-schemas';
import type { NotificationView } from '../../../../domain/notifications';
import type {
  LedClient, TeamLeadAssignment, TeamLeadAssignmentBody,
} from '../../../../domain/team-leads';
import type { DirectoryUser, PublicUser } from '../../../../domain/user';
import type {
  AdminBulkDeleteAnswer, AssignedEditorBody, BulkDeleteAnswer, BulkDeleteBody, BulkDeleteRefusal,
  CreateVideoBody, StatusBody, UpdateVideoBody, VideoCount, VideoListQuery, VideoView,
} from '../../../../domain/videos';
import type { MessageAnswer } from '../../../../domain/api';

type Op<P extends keyof paths, M extends keyof paths[P]> = paths[P][M];
type Sent<P extends keyof paths, M extends keyof paths[P]> =
  Op<P, M> extends { requestBody: { content: { 'application/json': infer B } } } ? B : never;
type Query<P extends keyof paths, M extends keyof paths[P]> =
  Op<P, M> extends { parameters: { query?: infer Q } } ? Exclude<Q, undefined> : never;
type Answer<P extends keyof paths, M extends keyof paths[P], S extends number> =
  Op<P, M> extends { responses: { [K in S]: { content: { 'application/json': infer A } } } }
    ? A
    : never;
type IsNever<T> = [T] extends [never] ? true : false;
type Fits<From, To> =
  IsNever<From> extends true ? 'missing'
  : IsNever<To> extends true ? 'missing'
  : [From] extends [To] ? true
  : 'does not fit';

export const sent = [
  true satisfies Fits<LoginBody, Sent<'/api/auth/login', 'post'>>,
  true satisfies Fits<RegisterBody, Sent<'/api/auth/register', 'post'>>,
  true satisfies Fits<ProfileUpdateBody, Sent<'/api/users/{id}', 'patch'>>,
  true satisfies Fits<CreateVideoBody, Sent<'/api/videos', 'post'>>,
  true satisfies Fits<UpdateVideoBody, Sent<'/api/videos/{id}', 'patch'>>,
  true satisfies Fits<StatusBody, Sent<'/api/videos/{id}/status', 'patch'>>,
  true satisfies Fits<AssignedEditorBody, Sent<'/api/videos/{id}/assigned-editor', 'patch'>>,
  true satisfies Fits<BulkDeleteBody, Sent<'/api/videos/bulk-delete', 'post'>>,
  true satisfies Fits<VideoListQuery, Query<'/api/videos', 'get'>>,
  true satisfies Fits<CommentInput, Sent<'/api/videos/{id}/comments', 'post'>>,
  true satisfies Fits<TeamLeadAssignmentBody, Sent<'/api/team-leads', 'post'>>,
];

export const read = [
  true satisfies Fits<Answer<'/api/auth/login', 'post', 200>, PublicUser>,
  true satisfies Fits<Answer<'/api/auth/me', 'get', 200>, PublicUser>,
  true satisfies Fits<Answer<'/api/auth/login', 'post', 401>, MessageAnswer>,
  true satisfies Fits<Answer<'/api/auth/register', 'post', 409>, MessageAnswer>,
  true satisfies Fits<Answer<'/api/users/{id}', 'get', 200>, DirectoryUser>,
  true satisfies Fits<Answer<'/api/users/search', 'get', 200>, DirectoryUser[]>,
  true satisfies Fits<Answer<'/api/king/users', 'get', 200>, PublicUser[]>,
  true satisfies Fits<Answer<'/api/videos', 'get', 200>, VideoView[]>,
  true satisfies Fits<Answer<'/api/videos', 'post', 201>, VideoView>,
  true satisfies Fits<Answer<'/api/videos/count', 'get', 200>, VideoCount>,
  true satisfies Fits<Answer<'/api/videos/{id}', 'patch', 200>, VideoView>,
  true satisfies Fits<Answer<'/api/videos/{id}', 'patch', 409>, MessageAnswer>,
  true satisfies Fits<Answer<'/api/videos/bulk-delete', 'post', 200>, BulkDeleteAnswer>,
  true satisfies Fits<Answer<'/api/videos/bulk-delete', 'post', 403>, BulkDeleteRefusal>,
  true satisfies Fits<Answer<'/api/admin/videos/bulk-delete', 'post', 200>, AdminBulkDeleteAnswer>,
  true satisfies Fits<Answer<'/api/videos/{id}/comments', 'get', 200>, CommentView[]>,
  true satisfies Fits<Answer<'/api/videos/{id}/mentionable', 'get', 200>, DirectoryUser[]>,
  true satisfies Fits<Answer<'/api/notifications', 'get', 200>, NotificationView[]>,
  true satisfies Fits<Answer<'/api/notifications/count', 'get', 200>, NotificationCount>,
  true satisfies Fits<Answer<'/api/notifications/mark-all-read', 'post', 200>, MarkAllReadAnswer>,
  true satisfies Fits<Answer<'/api/notifications/clear-all', 'delete', 200>, ClearAllAnswer>,
  true satisfies Fits<Answer<'/api/notifications/check-delayed', 'post', 200>, CheckDelayedAnswer>,
  true satisfies Fits<Answer<'/api/team-leads', 'get', 200>, { assignments: TeamLeadAssignment[] }>,
  true satisfies Fits<Answer<'/api/team-leads/my-clients', 'get', 200>, { clients: LedClient[] }>,
  true satisfies Fits<Answer<'/api/team-leads', 'post', 409>, MessageAnswer>,
];
`;

/** Type-checks in-memory files (placed in this folder, so imports resolve as in the repo). */
function typeErrors(files: Record<string, string>): string[] {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const { directoryExists, fileExists, readFile, getSourceFile } = host;
  const dirs = new Set(Object.keys(files).map((name) => dirname(name)));
  host.directoryExists = (name) => dirs.has(name) || (directoryExists?.(name) ?? false);
  host.fileExists = (name) => name in files || fileExists(name);
  host.readFile = (name) => files[name] ?? readFile(name);
  host.getSourceFile = (name, language, ...rest) => {
    const text = files[name];
    return text === undefined
      ? getSourceFile(name, language, ...rest)
      : ts.createSourceFile(name, text, language);
  };
  const program = ts.createProgram(Object.keys(files), options, host);
  return ts.getPreEmitDiagnostics(program).map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, ' ');
    if (!d.file || d.start === undefined) return message;
    const { line } = d.file.getLineAndCharacterOfPosition(d.start);
    const text = d.file.text.split('\n')[line]?.trim();
    return `${d.file.fileName.slice(here.length + 1)}:${line + 1} ${text}: ${message}`;
  });
}

describe('a client generated from /api/openapi.json (openapi-typescript)', () => {
  it('agrees with the request and answer types the web takes from domain/', async () => {
    const generated = astToString(await openapiTS(structuredClone(doc) as never));
    expect(generated).toContain('"/api/videos/{id}/status"');
    const dir = join(here, '__generated__');
    const errors = typeErrors({
      [join(dir, 'openapi.ts')]: generated,
      [join(dir, 'contract.ts')]: CONTRACT,
    });
    expect(errors).toEqual([]);
  }, 120_000);
});

// --- A scenario's answers -----------------------------------------------------------------------

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validators = new Map<object, ValidateFunction>();

/** The schema the document declares for this answer; a failure names what is missing. */
function declared(path: string, method: string, status: number, type: string) {
  const operation = doc.paths[path]?.[method];
  if (!operation) return { problem: `${method.toUpperCase()} ${path} is not in the document` };
  const response = operation.responses?.[String(status)];
  if (!response)
    return { problem: `${method.toUpperCase()} ${path} answered ${status}, undeclared` };
  if (!response.content) return { schema: null };
  const schema = response.content[type]?.schema;
  if (!schema) {
    return { problem: `${method.toUpperCase()} ${path} ${status} answered ${type}, undeclared` };
  }
  return { schema };
}

interface Call {
  /** The path as the document names it, e.g. /api/videos/{id}. */
  path: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** Sent as is, with this content type (a malformed or non-JSON body). */
  raw?: { type: string; text: string };
  cookie?: string;
}

const problems: string[] = [];
const statuses = new Set<number>();

/**
 * Sends one call over HTTP as a generated client does (JSON content type on every unsafe call,
 * with or without a body) and checks the answer against the document.
 */
async function call(method: string, { path, params, query, body, raw, cookie }: Call) {
  const url = new URL(
    path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params?.[name] ?? '')),
    base,
  );
  for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
  const unsafe = method !== 'GET';
  const headers: Record<string, string> = { accept: 'application/json' };
  if (cookie) headers.cookie = cookie;
  if (unsafe) headers['content-type'] = raw?.type ?? 'application/json';
  const res = await fetch(url, {
    method,
    headers,
    body: raw ? raw.text : body === undefined ? (unsafe ? '' : undefined) : JSON.stringify(body),
  });
  const text = await res.text();
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const where = `${method} ${path} ${res.status}`;
  statuses.add(res.status);
  const found = declared(path, method.toLowerCase(), res.status, type);
  if (found.problem) problems.push(found.problem);
  else if (found.schema === null) {
    if (text) problems.push(`${where}: a body where the document declares none`);
  } else if (found.schema) {
    let validate = validators.get(found.schema);
    if (!validate) {
      validate = ajv.compile(found.schema);
      validators.set(found.schema, validate);
    }
    if (!validate(JSON.parse(text))) {
      problems.push(`${where}: ${ajv.errorsText(validate.errors)} in ${text.slice(0, 300)}`);
    }
  }
  return { status: res.status, text, json: () => JSON.parse(text) as Record<string, unknown> };
}

async function signIn(username: string) {
  const res = await fetch(new URL('/api/auth/login', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'secret123' }),
  });
  const sid = /(?:^|,\s*)(sid=[^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!sid) throw new Error(`no session for ${username}: ${res.status}`);
  return sid;
}

describe("a scenario's answers", () => {
  it('are each declared by the document, in the declared shape', async () => {
    const client = await seedUser(t, { username: 'drift-client', name: 'Drift Client' });
    const lead = await seedUser(t, { username: 'drift-lead', role: 'client_team_lead' });
    await seedUser(t, { username: 'drift-king', role: 'king', isAdmin: 'true' });

    // Auth: a failed and a good sign-in, a taken username, the session's user.
    await call('POST', {
      path: '/api/auth/login',
      body: { username: 'drift-client', password: 'wrong-password' },
    });
    await call('POST', {
      path: '/api/auth/login',
      body: { username: 'drift-client', password: 'secret123' },
    });
    await call('POST', {
      path: '/api/auth/register',
      body: { username: 'drift-client', password: 'secret123' },
    });
    await call('GET', { path: '/api/auth/me' });
    const asClient = await signIn('drift-client');
    const asKing = await signIn('drift-king');
    await call('GET', { path: '/api/auth/me', cookie: asClient });

    // Videos: create, list, count, read, edit, move, and the errors a client meets.
    const created = await call('POST', {
      path: '/api/videos',
      cookie: asClient,
      body: { name: 'Drift video', link: 'https://youtu.be/dQw4w9WgXcQ', type: 'consultation' },
    });
    expect(created.status, created.text).toBe(201);
    const id = String(created.json().id);
    await call('GET', { path: '/api/videos', cookie: asClient });
    await call('GET', { path: '/api/videos', cookie: asKing, query: { limit: '1' } });
    await call('GET', { path: '/api/videos/count', cookie: asClient });
    await call('GET', { path: '/api/videos/{id}', params: { id }, cookie: asClient });
    await call('GET', {
      path: '/api/videos/{id}',
      params: { id: '00000000-0000-4000-8000-000000000000' },
      cookie: asClient,
    });
    await call('PATCH', {
      path: '/api/videos/{id}',
      params: { id },
      cookie: asClient,
      body: { description: 'What the video is about' },
    });
    await call('PATCH', {
      path: '/api/videos/{id}/status',
      params: { id },
      cookie: asKing,
      body: { status: 'in_progress' },
    });
    await call('PATCH', {
      path: '/api/videos/{id}/status',
      params: { id },
      cookie: asClient,
      body: { status: 'posted' },
    });
    await call('POST', {
      path: '/api/videos',
      cookie: asClient,
      raw: { type: 'application/xml', text: '<video/>' },
    });
    await call('POST', {
      path: '/api/videos',
      cookie: asClient,
      raw: { type: 'application/json', text: '{"link": ' },
    });
    await call('POST', { path: '/api/videos', cookie: asClient, body: { link: 'not a link' } });
    await call('GET', { path: '/api/king/users', cookie: asKing });
    await call('GET', {
      path: '/api/king/users/{id}/videos',
      params: { id: client.id },
      cookie: asKing,
    });

    // Comments.
    const comment = await call('POST', {
      path: '/api/videos/{id}/comments',
      params: { id },
      cookie: asClient,
      body: { content: 'First cut at 0:42, please' },
    });
    await call('GET', { path: '/api/videos/{id}/comments', params: { id }, cookie: asKing });
    await call('GET', { path: '/api/videos/{id}/mentionable', params: { id }, cookie: asClient });
    await call('DELETE', {
      path: '/api/comments/{id}',
      params: { id: String(comment.json().id) },
      cookie: asClient,
    });

    // Notifications: the king's move told the client; the bodiless calls go as JSON too.
    const list = await call('GET', {
      path: '/api/notifications',
      cookie: asClient,
      query: { includeRead: 'true' },
    });
    const [first] = JSON.parse(list.text) as { id: string }[];
    expect(first, list.text).toBeDefined();
    await call('GET', { path: '/api/notifications/count', cookie: asClient });
    await call('PATCH', {
      path: '/api/notifications/{id}/read',
      params: { id: first!.id },
      cookie: asClient,
    });
    const markAll = await call('POST', {
      path: '/api/notifications/mark-all-read',
      cookie: asClient,
    });
    expect(markAll.status, markAll.text).toBe(200);
    await call('POST', { path: '/api/notifications/check-delayed', cookie: asKing });
    const clear = await call('DELETE', { path: '/api/notifications/clear-all', cookie: asClient });
    expect(clear.status, clear.text).toBe(200);

    // Users, team leads, health.
    await call('GET', { path: '/api/users/search', cookie: asKing, query: { q: 'drift' } });
    await call('GET', { path: '/api/users/{id}', params: { id: client.id }, cookie: asClient });
    await call('PATCH', {
      path: '/api/users/{id}',
      params: { id: client.id },
      cookie: asClient,
      body: { name: 'Drift Client Renamed' },
    });
    const pair = { clientId: client.id, teamLeadId: lead.id };
    await call('POST', { path: '/api/team-leads', cookie: asKing, body: pair });
    await call('POST', { path: '/api/team-leads', cookie: asKing, body: pair });
    await call('GET', { path: '/api/team-leads', cookie: asKing });
    await call('GET', { path: '/api/team-leads', cookie: asClient });
    await call('GET', { path: '/api/team-leads/my-clients', cookie: await signIn('drift-lead') });
    await call('DELETE', {
      path: '/api/team-leads/{clientId}/{teamLeadId}',
      params: pair,
      cookie: asKing,
    });
    await call('POST', {
      path: '/api/videos/bulk-delete',
      cookie: asClient,
      body: { ids: [id, '00000000-0000-4000-8000-000000000000'] },
    });
    await call('POST', { path: '/api/videos/bulk-delete', cookie: asClient, body: { ids: [id] } });
    await call('GET', { path: '/api/health' });
    await call('GET', { path: '/api/ready' });
    await call('PATCH', {
      path: '/api/auth/change-password',
      cookie: asClient,
      body: { currentPassword: 'secret123', newPassword: 'secret456' },
    });
    await call('POST', { path: '/api/auth/logout', cookie: asClient });

    expect(problems).toEqual([]);
    // The scenario met the error answers it is there for, not only successes.
    expect([...statuses].sort((a, b) => a - b)).toEqual([200, 201, 400, 401, 403, 404, 409, 415]);
  });
});
