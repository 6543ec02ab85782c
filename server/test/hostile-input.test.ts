import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientEditorAssignments, users, videos } from '../db/schema';
import {
  createTestApp,
  seedUser,
  seedPeople,
  seedVideo,
  type CastMember,
  type TestApp,
} from './helper';

/**
 * Hostile and malformed input against every registered /api route (issue "Proof at agency
 * scale", hostile input): whatever arrives, the answer is never a 5xx, and every 4xx says what
 * is wrong in `message`. The routes are read from the app itself, so a route added later is
 * covered without touching this file.
 */

let t: TestApp;
let cookies: Record<string, string>;
let ids: Record<string, string>;

const ACTORS = ['king', 'lead', 'editor', 'client'] as const;
type Actor = (typeof ACTORS)[number];

beforeAll(async () => {
  t = await createTestApp();
  ({ id: ids, cookie: cookies } = await seedPeople(
    t,
    [
      ['king', 'king', 'true'],
      ['lead', 'lead_editor', 'true'],
      ['editor', 'editor', 'false'],
      ['client', 'client', 'false'],
    ] satisfies CastMember<Actor>[],
    { username: (actor) => `h-${actor}` },
  ));
  await t.db
    .insert(clientEditorAssignments)
    .values({ clientId: ids.client!, editorId: ids.editor! });
});

/**
 * The targets a fuzzed call may change or delete: a client and an editor who are none of the
 * actors (so the actors' sessions survive) and one of the client's videos. Recreated before
 * each route.
 */
async function resetTargets() {
  for (const role of ['client', 'editor']) {
    const username = `h-victim-${role}`;
    const [found] = await t.db.select().from(users).where(eq(users.username, username));
    ids[username] = found?.id ?? (await seedUser(t, { username, role })).id;
  }
  const video = ids.video ? await t.db.select().from(videos).where(eq(videos.id, ids.video)) : [];
  if (video.length) return;
  const created = await seedVideo(t, {
    userId: ids.client!,
    assignedEditorId: ids.editor!,
    name: 'Target',
    link: 'https://youtu.be/abc',
    status: 'posted',
  });
  ids.video = created.id;
}
afterAll(async () => {
  await t.close();
});

/** Routes whose point is to end or replace the caller's session; covered by the auth tests. */
const SESSION_ENDING = new Set(['POST /api/auth/logout', 'PATCH /api/auth/change-password']);

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    "' OR 1=1 --",
    "'; drop table users; --",
    '<img src=x onerror=alert(1)>',
    '<script>alert(1)</script>',
    '\u0000',
    'null',
    'undefined',
    'NaN',
    '-1',
    '1e309',
    '-0.001',
    '99999999999.99',
    '2024-13-45',
    '0000-00-00T25:61:61Z',
    '../../../etc/passwd',
    '%00',
    '__proto__',
    'constructor',
    '😀'.repeat(50),
    'ｒｏｌｅ',
    'a'.repeat(5000),
    'not-a-uuid',
    '00000000-0000-0000-0000-000000000000',
    'true',
    'king',
    'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
    'javascript:alert(1)',
    // Dates PostgreSQL refuses or no agency means (issue 15, finding 3), and names that hide
    // who they are (finding 7).
    '0000-01-01T00:00:00Z',
    '+275760-09-13T00:00:00Z',
    '-000001-01-01T00:00:00Z',
    '1969-12-31T23:59:59Z',
    '2101-01-01',
    '0000-01',
    '9999-12',
    'king\u202Egnik',
    'ad\u200Bmin',
  ),
);

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 1e308, Number.MAX_SAFE_INTEGER, -99999999.99, 0.001),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 4 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
);

/** Field names the app's calls take, plus the ones nobody may set through them. */
const FIELDS = [
  'username',
  'password',
  'currentPassword',
  'newPassword',
  'name',
  'avatar',
  'imageData',
  'role',
  'isAdmin',
  'isVip',
  'type',
  'status',
  'link',
  'description',
  'internalNotes',
  'userId',
  'targetUserId',
  'assignedEditorId',
  'dueDate',
  'startDate',
  'duration',
  'paymentAmount',
  'ids',
  'videoIds',
  'content',
  'clientId',
  'editorId',
  'price',
  'defaultPrice',
  'planId',
  'minDurationSeconds',
  'maxDurationSeconds',
  'isDefault',
  'isActive',
  'displayName',
  'month',
  'id',
];

const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { maxKeys: 6 }),
  hostileValue,
);

/** A path parameter: a real id, a well-formed id of nothing, or garbage. */
const param = () =>
  fc.oneof(
    fc.constantFrom(ids.video!, ids['h-victim-client']!, ids['h-victim-editor']!),
    fc.uuid(),
    hostileString.filter((s) => s.length > 0 && !s.includes('/') && !s.includes('?')),
  );

interface Sent {
  actor: Actor;
  method: string;
  url: string;
  payload: unknown;
  raw: boolean;
}

async function send(s: Sent) {
  const unsafe = s.method !== 'GET' && s.method !== 'DELETE';
  return t.app.inject({
    method: s.method as 'GET',
    url: s.url,
    headers: {
      cookie: cookies[s.actor]!,
      ...(unsafe ? { 'content-type': 'application/json' } : {}),
    },
    ...(unsafe
      ? {
          payload: s.raw && typeof s.payload === 'string' ? s.payload : JSON.stringify(s.payload),
        }
      : {}),
  });
}

function expectOrderly(s: Sent, res: { statusCode: number; body: string }) {
  const what = `${s.actor} ${s.method} ${s.url} ${JSON.stringify(s.payload)?.slice(0, 300)}`;
  expect(res.statusCode, `${what} -> ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const parsed = JSON.parse(res.body) as { message?: unknown };
    expect(typeof parsed.message, what).toBe('string');
    expect((parsed.message as string).length, what).toBeGreaterThan(0);
  }
  expect(res.body, what).not.toMatch(/\$argon2/);
}

describe('extra properties change nothing', () => {
  it('a profile update carrying role, isAdmin and isVip leaves them as they were', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${ids.client}`,
      headers: { cookie: cookies.client! },
      payload: { name: 'Still a client', role: 'king', isAdmin: 'true', isVip: true, id: ids.king },
    });
    expect(res.statusCode).toBeLessThan(500);
    const [row] = await t.db.select().from(users).where(eq(users.id, ids.client!));
    expect(row).toMatchObject({ role: 'client', isAdmin: 'false', isVip: false });
  });

  it('a video created with ordinal, payment and owner fields of its own keeps the server’s', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/videos',
      headers: { cookie: cookies.client! },
      payload: {
        name: 'Sneaky',
        link: 'https://youtu.be/xyz',
        ordinal: '999',
        paymentStatus: 'paid',
        lockedPrice: '0.01',
        userId: ids.king,
        id: '00000000-0000-0000-0000-000000000000',
      },
    });
    // Creating for someone else is refused outright, or the extras are dropped; never obeyed.
    if (res.statusCode === 201) {
      const created = res.json() as { id: string; userId: string };
      const [row] = await t.db.select().from(videos).where(eq(videos.id, created.id));
      expect(row!.userId).toBe(ids.client);
      expect(row!.paymentStatus).toBe('unpaid');
      expect(row!.lockedPrice).toBeNull();
      expect(row!.ordinal).not.toBe('999');
    } else {
      expect(res.statusCode).toBe(403);
    }
  });
});

describe('hostile input on every route', () => {
  it('never answers 5xx, and every 4xx carries a message', async () => {
    const routes = t.app.registeredRoutes.filter(
      (r) =>
        r.url.startsWith('/api/') &&
        !r.url.includes('*') &&
        !SESSION_ENDING.has(`${r.method} ${r.url}`),
    );
    expect(routes.length).toBeGreaterThan(40);
    for (const route of routes) {
      await resetTargets();
      const params = route.url.match(/:\w+/g) ?? [];
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...ACTORS),
          fc.tuple(...params.map(() => param())),
          body,
          fc.boolean(),
          fc.dictionary(
            fc.constantFrom('status', 'q', 'limit', 'cursor', 'month', 'clientId', 'from', 'to'),
            hostileString,
            {
              maxKeys: 3,
            },
          ),
          async (actor, values, payload, raw, query) => {
            let url = route.url;
            params.forEach((p, i) => {
              url = url.replace(p, encodeURIComponent(String(values[i])));
            });
            const search = new URLSearchParams(query).toString();
            if (route.method === 'GET' && search) url += `?${search}`;
            const sent: Sent = { actor, method: route.method, url, payload, raw };
            expectOrderly(sent, await send(sent));
          },
        ),
        { numRuns: 25 },
      );
    }
  }, 180_000);

  it('answers malformed JSON on every body-taking route with 400 and a message', async () => {
    const routes = t.app.registeredRoutes.filter(
      (r) => r.url.startsWith('/api/') && ['POST', 'PATCH', 'PUT'].includes(r.method),
    );
    await resetTargets();
    for (const route of routes) {
      const url = route.url.replace(/:\w+/g, ids.video!);
      const res = await t.app.inject({
        method: route.method as 'POST',
        url,
        headers: { cookie: cookies.king!, 'content-type': 'application/json' },
        payload: '{"name": "unterminated',
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(400);
      expect(res.json().message, route.url).toBe('Request body is not valid JSON');
    }
  });
});

describe('dates are bounded to 1970-2100 (issue 15, finding 3)', () => {
  it('keeps every instant in range and refuses every other with 400 and a message', async () => {
    await resetTargets();
    const inRange = (d: Date) => d.getUTCFullYear() >= 1970 && d.getUTCFullYear() <= 2100;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true }),
          fc.date({
            min: new Date('1969-12-31T00:00:00Z'),
            max: new Date('1970-01-02T00:00:00Z'),
            noInvalidDate: true,
          }),
          fc.date({
            min: new Date('2100-12-31T00:00:00Z'),
            max: new Date('2101-01-02T00:00:00Z'),
            noInvalidDate: true,
          }),
        ),
        fc.constantFrom('dueDate', 'startDate'),
        fc.constantFrom('POST', 'PATCH'),
        async (date, field, method) => {
          const res = await t.app.inject({
            method,
            url: method === 'POST' ? '/api/videos' : `/api/videos/${ids.video}`,
            headers: { cookie: cookies.king! },
            payload: { name: 'Dated', link: 'https://youtu.be/abc', [field]: date.toISOString() },
          });
          const what = `${method} ${field} ${date.toISOString()}`;
          if (inRange(date)) {
            expect(res.statusCode, what).toBe(method === 'POST' ? 201 : 200);
            expect(res.json()[field], what).toBe(date.toISOString());
          } else {
            expect(res.statusCode, what).toBe(400);
            expect(res.json().message, what).toBe('Dates must be between 1970 and 2100');
          }
        },
      ),
      { numRuns: 120 },
    );
  }, 120_000);
});
