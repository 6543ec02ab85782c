import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { EMAIL_KINDS } from '@domain/email';
import {
  clientEditorAssignments,
  clientTeamLeadAssignments,
  comments,
  payoutItems,
  users,
  videos,
} from '../../db/schema';
import { createTestApp, seedPeople, seedVideo, type TestApp } from '../../test/helper';

/**
 * docs/rules.md#who-may-do-what, walked for every actor over every route. Each route of the app must have
 * an entry here: registering a route without deciding who may call it fails this file.
 */
const ACTORS = [
  'anonymous',
  'owner',
  'otherClient',
  'videoEditor',
  'teamEditor',
  'strangerEditor',
  'teamLead',
  'otherTeamLead',
  'lead',
  'king',
  'adminEditor',
  'leadAdmin',
] as const;
type Actor = (typeof ACTORS)[number];

let t: TestApp;
let id: Record<Exclude<Actor, 'anonymous'>, string>;
let cookie: Record<Exclude<Actor, 'anonymous'>, string>;
/** Each actor's personal API token (issue 46): the matrix runs once with each (`via`). */
const token = {} as Record<Exclude<Actor, 'anonymous'>, string>;
type Via = 'cookie' | 'token';
let via: Via = 'cookie';

beforeAll(async () => {
  t = await createTestApp();
  ({ id, cookie } = await seedPeople(
    t,
    [
      ['owner', 'client', 'false'],
      ['otherClient', 'client', 'false'],
      ['videoEditor', 'editor', 'false'],
      ['teamEditor', 'editor', 'false'],
      ['strangerEditor', 'editor', 'false'],
      ['teamLead', 'client_team_lead', 'false'],
      ['otherTeamLead', 'client_team_lead', 'false'],
      ['lead', 'lead_editor', 'false'],
      ['king', 'king', 'true'],
      ['adminEditor', 'editor', 'true'],
      ['leadAdmin', 'lead_editor', 'true'],
    ],
    { username: (actor) => actor.toLowerCase() },
  ));
  await t.db
    .insert(clientEditorAssignments)
    .values({ clientId: id.owner, editorId: id.teamEditor });
  await t.db.insert(clientTeamLeadAssignments).values([
    { clientId: id.owner, teamLeadId: id.teamLead },
    { clientId: id.otherClient, teamLeadId: id.otherTeamLead },
  ]);
  for (const actor of SIGNED_IN) {
    const made = await callVia('cookie', actor, 'POST', '/api/me/api-tokens', {
      name: 'matrix',
      expiresInDays: 7,
    });
    token[actor] = (made.json() as { token: string }).token;
  }
});
afterAll(async () => {
  await t.close();
});

let ordinal = 1000;
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
/** A review link (issue 19) made by the king for a fresh video in review: `token`, `videoId`. */
const reviewLink: Params = async () => {
  const v = await freshVideo();
  await t.db.update(videos).set({ status: 'review' }).where(eq(videos.id, v.id));
  const made = await call('king', 'POST', '/api/review-links', {
    videoIds: [v.id],
    expiresInDays: 1,
  });
  const { id: linkId, token } = made.json() as { id: string; token: string };
  return { id: linkId, token, videoId: v.id };
};

/** A fresh video of the owner, assigned to videoEditor, with notes and a payment amount. */
async function freshVideo() {
  return seedVideo(t, {
    userId: id.owner,
    assignedEditorId: id.videoEditor,
    name: 'Matrix video',
    internalNotes: 'team only',
    paymentAmount: '12.50',
  });
}

/** A fresh video with a note at 0:05 (a markers export has something to write). */
async function timedVideo() {
  const v = await freshVideo();
  await t.db
    .insert(comments)
    .values({ videoId: v.id, userId: id.owner, content: 'Logo', frame: 150 });
  return v;
}

async function freshClient(isAdmin: 'true' | 'false' = 'false') {
  const [c] = await t.db
    .insert(users)
    .values({ username: `client-${ordinal++}`, password: 'x', role: 'client', isAdmin })
    .returning();
  return c!;
}

/** An admin made by the king from an editor: only the king may manage it (issue 15). */
async function freshAdminEditor() {
  const [e] = await t.db
    .insert(users)
    .values({
      username: `admin-editor-${ordinal++}`,
      password: 'x',
      role: 'editor',
      isAdmin: 'true',
    })
    .returning();
  return e!;
}

/** A call as `actor`, signed in by its session cookie or its API token (`Authorization: Bearer`). */
function callVia(how: Via, actor: Actor, method: string, url: string, payload?: object) {
  const headers =
    actor === 'anonymous'
      ? {}
      : how === 'cookie'
        ? { cookie: cookie[actor] }
        : { authorization: `Bearer ${token[actor]}` };
  // Each pass from an address of its own: the guest routes' per-address limits count them apart.
  const remoteAddress = how === 'cookie' ? '127.0.0.1' : '127.0.0.2';
  return t.app.inject({ method: method as 'GET', url, headers, payload, remoteAddress });
}

/** A call as `actor` the way this pass of the matrix signs in (`via`). */
const call = (actor: Actor, method: string, url: string, payload?: object) =>
  callVia(via, actor, method, url, payload);

const READERS: Actor[] = [
  'owner',
  'videoEditor',
  'teamEditor',
  'teamLead',
  'lead',
  'king',
  'adminEditor',
  'leadAdmin',
];
const MANAGERS: Actor[] = ['lead', 'king', 'adminEditor', 'leadAdmin'];
/** The video's client side: its owner and the owner's team lead. */
const CLIENT_SIDE: Actor[] = ['owner', 'teamLead'];
/** Who may share a video for review: managers and the client side (canShareForReview). */
const SHARERS: Actor[] = ['owner', 'teamLead', ...MANAGERS];
const ADMINS: Actor[] = ['king', 'adminEditor', 'leadAdmin'];
const SIGNED_IN = ACTORS.filter((a) => a !== 'anonymous');

/** Expected status per actor: `yes` for the listed actors, `no` for the others, 401 anonymous. */
const allow = (actors: Actor[], yes: number, no: number) => (a: Actor) =>
  a === 'anonymous' ? 401 : actors.includes(a) ? yes : no;

interface Case {
  route: string;
  /** The test's name when a route has several cases (e.g. a second kind of target). */
  label?: string;
  expected: (a: Actor) => number;
  run: (a: Actor) => Promise<{ statusCode: number; json: () => unknown }>;
}

/** What fills a route's `:params` for one call (made fresh for each actor). */
type Params = () => Promise<Record<string, string>>;
const video: Params = async () => ({ id: (await freshVideo()).id });
const client: Params = async () => ({ id: (await freshClient()).id });
const adminClient: Params = async () => ({ id: (await freshClient('true')).id });
const adminEditor: Params = async () => ({ id: (await freshAdminEditor()).id });
const owner: Params = async () => ({ id: id.owner, clientId: id.owner });
/** A video type's id, as `:id` and `:videoTypeId`, with the owner as `:clientId`. */
const videoType: Params = async () => {
  const types = (await call('king', 'GET', '/api/video-types')).json() as { id: string }[];
  return { id: types[0]!.id, videoTypeId: types[0]!.id, clientId: id.owner };
};
/** The same, with a custom price of the owner for it (what the DELETE removes). */
const customPrice: Params = async () => {
  const p = await videoType();
  await call('king', 'PATCH', `/api/admin/client-pricing/${p.clientId}/${p.id}`, { price: '1.00' });
  return p;
};
/** A fresh client with a retainer from this month, as `:id` (what a DELETE ends). */
const retainer: Params = async () => {
  const p = await client();
  const made = await call('king', 'PUT', `/api/admin/clients/${p.id}/retainer`, {
    monthlyFee: '100.00',
    allowance: 2,
  });
  expect(made.statusCode).toBe(200);
  return p;
};
/** A fresh pricing plan as `:id`, with a video type as `videoTypeId`. */
const plan: Params = async () => {
  const made = await call('king', 'POST', '/api/admin/pricing-plans', {
    name: `matrix-${ordinal++}`,
  });
  return { ...(await videoType()), id: (made.json() as { id: string }).id };
};
/** The same plan with a rule of its own as `:ruleId`. */
const rule: Params = async () => {
  const p = await plan();
  const made = await call('king', 'POST', `/api/admin/pricing-plans/${p.id}/rules`, {
    videoTypeId: p.videoTypeId,
    price: '5.00',
  });
  return { ...p, ruleId: (made.json() as { id: string }).id };
};
/** A fresh client and, assigned to it through `url` as `member`, someone (what a DELETE ends). */
const assigned =
  (url: string, member: string, memberId: () => string): Params =>
  async () => {
    const pair = { clientId: (await freshClient()).id, [member]: memberId() };
    expect((await call('king', 'POST', url, pair)).statusCode).toBe(201);
    return pair;
  };

/** A completed unpaid video of `clientId`: something to invoice. */
const invoiceable = (clientId: string) =>
  seedVideo(t, {
    userId: clientId,
    status: 'posted',
    finishDate: new Date(),
    paymentAmount: '3.00',
  });
/** A fresh client with something to invoice, as `:id` and in the body. */
const invoiceableClient: Params = async () => {
  const c = await freshClient();
  await invoiceable(c.id);
  return { id: c.id };
};
/** An invoice issued by the king to the owner, as `:id` (issue 42). */
const ownerInvoice: Params = async () => {
  await invoiceable(id.owner);
  const made = await call('king', 'POST', '/api/admin/invoices', { clientId: id.owner });
  expect(made.statusCode, made.body).toBe(201);
  return { id: (made.json() as { id: string }).id };
};
/** This month ('YYYY-MM', UTC): the payouts' statements. */
const payoutMonth = new Date().toISOString().slice(0, 7);
/** A payout of 10.00 locked for videoEditor this month (issue 44), as `:editorId` and `:month`. */
const videoEditorPayout: Params = async () => {
  await t.db.insert(payoutItems).values({
    editorId: id.videoEditor,
    editorName: 'videoeditor',
    videoName: 'Matrix video',
    videoType: 'vlog',
    clientId: id.owner,
    clientName: 'owner',
    kind: 'video',
    amount: '10.00',
    month: `${payoutMonth}-01`,
  });
  return { editorId: id.videoEditor, month: payoutMonth };
};
/** That payout paid out by the king: the ledger entry as `:id`. */
const paidOut: Params = async () => {
  const p = await videoEditorPayout();
  const made = await call('king', 'POST', `/api/admin/payouts/${p.editorId}/${p.month}/pay-out`);
  expect(made.statusCode, made.body).toBe(200);
  const { statement } = made.json() as { statement: { events: { id: string }[] } };
  return { id: statement.events.at(-1)!.id };
};
/** An editor rate (issue 44) as `:id`. */
const editorRate: Params = async () => {
  const made = await call('king', 'PUT', '/api/admin/editor-rates', {
    editorId: id.strangerEditor,
    videoType: 'funny',
    rate: '3.00',
  });
  return { id: (made.json() as { rate: { id: string } }).rate.id };
};
/** A webhook endpoint of the king's (issue 46) as `:id`, on a public address, hearing `events`. */
const webhookOf = async (events = ['invoice.issued']) => {
  const made = await call('king', 'POST', '/api/admin/webhooks', {
    name: 'Matrix hook',
    url: 'https://203.0.113.10/hook',
    events,
  });
  expect(made.statusCode, made.body).toBe(201);
  return { id: (made.json() as { endpoint: { id: string } }).endpoint.id };
};
const webhook: Params = () => webhookOf();
/** One of its deliveries (a comment's, never sent) as `:deliveryId`; the endpoint then disabled. */
const webhookDelivery: Params = async () => {
  const { id: hookId } = await webhookOf(['comment.added']);
  const v = await freshVideo();
  await call('king', 'POST', `/api/videos/${v.id}/comments`, { content: 'Hooked' });
  await call('king', 'PATCH', `/api/admin/webhooks/${hookId}`, { enabled: false });
  const log = await call('king', 'GET', `/api/admin/webhooks/${hookId}/deliveries`);
  const { deliveries } = log.json() as { deliveries: { id: string }[] };
  return { id: hookId, deliveryId: deliveries[0]!.id };
};
/** Editors and lead editors read their own payouts; anyone else is refused (403). */
const PAYEES: Exclude<Actor, 'anonymous'>[] = [
  'videoEditor',
  'teamEditor',
  'strangerEditor',
  'lead',
  'adminEditor',
  'leadAdmin',
];

/** A client's own invoices: the owner 200, another client 404 for one of the owner's, others 403. */
const ownInvoices = (other: number) => (a: Actor) =>
  a === 'anonymous' ? 401 : a === 'owner' ? 200 : a === 'otherClient' ? other : 403;

/**
 * A case whose request is its route, `METHOD /path` with each `:param` from `params`, and `query`
 * and `body` (made for each call when a function, from the params) if any.
 */
function req(
  route: string,
  expected: Case['expected'],
  opts: {
    params?: Params;
    body?: object | ((params: Record<string, string>) => object);
    query?: string;
    label?: string;
  } = {},
): Case {
  const [method, path] = route.split(' ') as [string, string];
  return {
    route,
    label: opts.label,
    expected,
    run: async (a) => {
      const params = opts.params ? await opts.params() : {};
      const url = path.replace(/:(\w+)/g, (_, name: string) => params[name]!) + (opts.query ?? '');
      return call(a, method, url, typeof opts.body === 'function' ? opts.body(params) : opts.body);
    },
  };
}

/** Managers pair someone with a fresh client through `url` (POST) and end a pair (DELETE). */
const assignmentCases = (url: string, member: string, memberId: () => string): Case[] => [
  req(`POST ${url}`, allow(MANAGERS, 201, 403), {
    params: client,
    body: (p) => ({ clientId: p.id, [member]: memberId() }),
  }),
  req(`DELETE ${url}/:clientId/:${member}`, allow(MANAGERS, 200, 403), {
    params: assigned(url, member, memberId),
  }),
];

const CASES: Case[] = [
  req('GET /api/health', () => 200),
  req('GET /api/ready', () => 200),
  // Open outside production; staff-only in production (server/modules/docs/openapi.test.ts).
  req('GET /api/openapi.json', () => 200),
  req('GET /api/docs', () => 200),
  req('POST /api/auth/register', () => 201, {
    body: () => ({ username: `reg-${ordinal++}`, password: 'secret123' }),
  }),
  // A name of its own per call: five failures for one name start its delay (429, issue 37).
  req('POST /api/auth/login', () => 401, {
    body: () => ({ username: `nobody-${randomUUID()}`, password: 'wrong-one' }),
  }),
  {
    route: 'POST /api/auth/logout',
    expected: () => 200,
    run: (a) => call(a === 'anonymous' ? a : 'anonymous', 'POST', '/api/auth/logout'),
  },
  req('GET /api/auth/me', allow(SIGNED_IN, 200, 0)),
  req('PATCH /api/auth/change-password', allow(SIGNED_IN, 400, 0), {
    body: { currentPassword: 'wrong-pass', newPassword: 'whatever1' },
  }),
  // Two-factor sign-in (issue 46): one's own, by session only. Bodies that fail their schema
  // (400) count no wrong code against anyone (two-factor.test.ts has the codes).
  req('GET /api/auth/two-factor', allow(SIGNED_IN, 200, 0)),
  req('POST /api/auth/two-factor/setup', allow(SIGNED_IN, 200, 0)),
  req('POST /api/auth/two-factor/enable', allow(SIGNED_IN, 400, 0), { body: { code: '' } }),
  req('POST /api/auth/two-factor/recovery-codes', allow(SIGNED_IN, 400, 0), {
    body: { code: '' },
  }),
  req('POST /api/auth/two-factor/disable', allow(SIGNED_IN, 400, 0), { body: {} }),
  // The second step of sign-in: only a live ticket of POST /api/auth/login opens it.
  req('POST /api/auth/login/two-factor', () => 401, {
    body: { ticket: 'no-such-ticket', code: '123456' },
  }),
  req('POST /api/auth/login/two-factor/setup', () => 401, { body: { ticket: 'no-such-ticket' } }),
  req('POST /api/auth/login/two-factor/enable', () => 401, {
    body: { ticket: 'no-such-ticket', code: '123456' },
  }),
  req('GET /api/users/search', allow(SIGNED_IN, 200, 0)),
  // The owner is a client: staff, the owner and its team lead may see it; other clients and
  // other clients' team leads may not (docs/rules.md#who-may-do-what, directories by need).
  req(
    'GET /api/users/:id',
    allow(
      SIGNED_IN.filter((a) => a !== 'otherClient' && a !== 'otherTeamLead'),
      200,
      404,
    ),
    { params: owner },
  ),
  {
    route: 'GET /api/users/:id/avatar',
    // The image behind an avatarUrl: any signed-in user (the URL comes from an answer they got).
    expected: allow(SIGNED_IN, 200, 0),
    run: async (a) => {
      await call('owner', 'POST', '/api/users/avatar', { imageData: PNG });
      return call(a, 'GET', `/api/users/${id.owner}/avatar`);
    },
  },
  req('PATCH /api/users/:id', allow(['owner'], 200, 403), {
    params: owner,
    body: { name: 'Owner' },
  }),
  req('POST /api/users/avatar', allow(SIGNED_IN, 400, 0), {
    body: { imageData: 'data:text/plain;base64,AAAA' },
  }),
  req('GET /api/videos', allow(SIGNED_IN, 200, 0)),
  req('GET /api/videos/assigned-to-me', allow(SIGNED_IN, 200, 0)),
  req('GET /api/videos/count', allow(SIGNED_IN, 200, 0)),
  // Any signed-in user's own calendar: what it holds is the list's rule (calendar.test.ts).
  req('GET /api/videos/calendar', allow(SIGNED_IN, 200, 0), {
    query: '?from=2026-12-01T00:00:00Z&to=2027-01-01T00:00:00Z',
  }),
  req('GET /api/videos/:id', allow(READERS, 200, 404), { params: video }),
  req('POST /api/videos', allow(['owner', 'teamEditor', 'teamLead', ...MANAGERS], 201, 403), {
    body: () => ({ name: 'New', link: 'https://a.io/n', targetUserId: id.owner }),
  }),
  req('PATCH /api/videos/:id', allow(READERS, 200, 404), {
    params: video,
    body: { name: 'Renamed' },
  }),
  // A draft to review is the agency's move (server/modules/videos/workflow.test.ts has the
  // whole table): the client side reads the video but may not make it.
  req(
    'PATCH /api/videos/:id/status',
    (a) => (['owner', 'teamLead'].includes(a) ? 403 : allow(READERS, 200, 404)(a)),
    { params: video, body: { status: 'review' } },
  ),
  // Unassigning: the owner (client), the video's editor (self), and managers; other readers 403.
  req(
    'PATCH /api/videos/:id/assigned-editor',
    (a) =>
      a === 'anonymous'
        ? 401
        : ['owner', 'videoEditor', ...MANAGERS].includes(a)
          ? 200
          : READERS.includes(a)
            ? 403
            : 404,
    { params: video, body: { assignedEditorId: null } },
  ),
  // The delivery link (issue 44): the agency side among the readers sets it; the client side
  // reads the video but may not (403); anyone else 404.
  req(
    'PUT /api/videos/:id/delivery',
    (a) => (CLIENT_SIDE.includes(a) ? 403 : allow(READERS, 200, 404)(a)),
    { params: video, body: { link: 'https://drive.example.com/master' } },
  ),
  req('DELETE /api/videos/:id', allow(READERS, 200, 404), { params: video }),
  // Markers for the edit (issue 18): read as the video's comments are, 404 to anyone else; a
  // video with a note at a time (issue 43: without one, 422).
  {
    route: 'GET /api/videos/:id/markers',
    expected: allow(READERS, 200, 404),
    run: async (a) => {
      const v = await timedVideo();
      return call(a, 'GET', `/api/videos/${v.id}/markers?format=fcpxml`);
    },
  },
  {
    route: 'GET /api/videos/markers',
    expected: allow(READERS, 200, 404),
    run: async (a) => {
      const v = await timedVideo();
      return call(a, 'GET', `/api/videos/markers?ids=${v.id}&format=csv`);
    },
  },
  req('POST /api/videos/bulk-delete', allow(READERS, 200, 403), {
    params: video,
    body: (p) => ({ ids: [p.id] }),
  }),
  // Bulk changes (issue 45): always 200 with a result per video; the case answers the video's
  // own outcome as the one-video PATCH would (200 changed, 404 not readable, never revealed).
  {
    route: 'POST /api/videos/bulk',
    expected: allow(READERS, 200, 404),
    run: async (a) => {
      const v = await freshVideo();
      const res = await call(a, 'POST', '/api/videos/bulk', {
        ids: [v.id],
        change: { priority: 'high' },
      });
      if (res.statusCode !== 200) return res;
      const [result] = (res.json() as { results: { ok: boolean; code?: string }[] }).results;
      return {
        statusCode: result?.ok ? 200 : result?.code === 'not_found' ? 404 : 403,
        json: () => result,
      };
    },
  },
  req('GET /api/videos/ids', allow(SIGNED_IN, 200, 0)),
  req(
    'GET /api/king/users',
    allow(['videoEditor', 'teamEditor', 'strangerEditor', ...MANAGERS], 200, 403),
  ),
  req('GET /api/king/users/:id/videos', allow(['teamEditor', ...MANAGERS], 200, 403), {
    params: owner,
  }),
  req('GET /api/admin/videos', allow(ADMINS, 200, 403)),
  req('POST /api/admin/videos/bulk-delete', allow(ADMINS, 200, 403), {
    params: video,
    body: (p) => ({ ids: [p.id] }),
  }),
  req('GET /api/clients', allow(SIGNED_IN, 200, 0)),
  req('GET /api/editors', allow(SIGNED_IN, 200, 0)),
  req(
    'GET /api/clients/:clientId/editors',
    allow(['owner', 'teamEditor', 'teamLead', ...MANAGERS], 200, 404),
    { params: owner },
  ),
  // Client team leads (issue 14): managers assign and remove them; a team lead reads its clients.
  req('GET /api/team-leads', allow(MANAGERS, 200, 403)),
  req('GET /api/team-leads/my-clients', allow(SIGNED_IN, 200, 0)),
  ...assignmentCases('/api/team-leads', 'teamLeadId', () => id.otherTeamLead),
  req('GET /api/assignments/my-clients', allow(SIGNED_IN, 200, 0)),
  req('GET /api/assignments/my-editors', allow(SIGNED_IN, 200, 0)),
  req('GET /api/assignments', allow(MANAGERS, 200, 403)),
  req('GET /api/lead/summary', allow(MANAGERS, 200, 403)),
  req('GET /api/lead/turnaround', allow(MANAGERS, 200, 403)),
  ...assignmentCases('/api/assignments', 'editorId', () => id.strangerEditor),
  req('GET /api/admin/stats', allow(ADMINS, 200, 403)),
  req('GET /api/admin/users', allow(ADMINS, 200, 403)),
  req('POST /api/admin/users', allow(ADMINS, 201, 403), {
    body: () => ({
      username: `made-${ordinal++}`,
      name: 'Made',
      password: 'secret123',
      role: 'client',
    }),
  }),
  // adminEditor is an admin but not a lead editor or king: it may manage nobody. A lead
  // editor admin manages clients, editors and team leads who are not admins.
  req('PATCH /api/admin/users/:id', allow(['king', 'leadAdmin'], 200, 403), {
    params: client,
    body: { name: 'Renamed' },
  }),
  req('PATCH /api/admin/users/:id/reset-password', allow(['king', 'leadAdmin'], 200, 403), {
    params: client,
    body: { newPassword: 'another1' },
  }),
  req('DELETE /api/admin/users/:id', allow(['king', 'leadAdmin'], 200, 403), { params: client }),
  // --- Admins as targets: the king's alone to edit, reset or delete (issue 15, finding 2) ---
  req('PATCH /api/admin/users/:id', allow(['king'], 200, 403), {
    params: adminClient,
    body: { name: 'Renamed' },
    label: 'PATCH /api/admin/users/:id (an admin client)',
  }),
  req('PATCH /api/admin/users/:id/reset-password', allow(['king'], 200, 403), {
    params: adminEditor,
    body: { newPassword: 'another1' },
    label: 'PATCH /api/admin/users/:id/reset-password (an admin editor)',
  }),
  req('DELETE /api/admin/users/:id', allow(['king'], 200, 403), {
    params: adminClient,
    label: 'DELETE /api/admin/users/:id (an admin client)',
  }),
  req('DELETE /api/admin/users/:id', allow(['king'], 200, 403), {
    params: adminEditor,
    label: 'DELETE /api/admin/users/:id (an admin editor)',
  }),
  req('PATCH /api/admin/users/:id/vip', allow(ADMINS, 200, 403), {
    params: client,
    body: { isVip: true },
  }),
  // --- Invoicing, pricing and revenue: the king and admins only (docs/rules.md#who-may-do-what) ---
  req('GET /api/admin/invoicing', allow(ADMINS, 200, 403), { query: '?dateFilter=all' }),
  req('GET /api/admin/revenue/summary', allow(ADMINS, 200, 403)),
  req('GET /api/admin/revenue/trends', allow(ADMINS, 200, 403)),
  req('GET /api/admin/invoicing.csv', allow(ADMINS, 200, 403)),
  req('GET /api/admin/revenue/breakdown', allow(ADMINS, 200, 403)),
  req('GET /api/admin/payments', allow(ADMINS, 200, 403)),
  req('GET /api/admin/payments.csv', allow(ADMINS, 200, 403)),
  req('GET /api/admin/revenue/unpaid-aging', allow(ADMINS, 200, 403)),
  // Margin (issue 44): revenue minus payouts, never for a client, team lead or editor.
  req('GET /api/admin/margin', allow(ADMINS, 200, 403), { query: '?by=editor' }),
  req('GET /api/admin/margin.csv', allow(ADMINS, 200, 403), { query: '?by=video' }),
  // Issued invoices and the details on them (issue 42): the king and admins; a client its own.
  req('GET /api/admin/agency', allow(ADMINS, 200, 403)),
  req('PUT /api/admin/agency', allow(ADMINS, 200, 403), { body: { paymentTermsDays: 30 } }),
  req('GET /api/admin/clients/:id/billing', allow(ADMINS, 200, 403), { params: owner }),
  req('PUT /api/admin/clients/:id/billing', allow(ADMINS, 200, 403), {
    params: owner,
    body: { taxId: 'VAT 1' },
  }),
  req('GET /api/admin/clients/:id/invoice-preview', allow(ADMINS, 200, 403), {
    params: invoiceableClient,
  }),
  req('GET /api/admin/invoices', allow(ADMINS, 200, 403)),
  req('POST /api/admin/invoices', allow(ADMINS, 201, 403), {
    params: invoiceableClient,
    body: (p) => ({ clientId: p.id }),
  }),
  req('GET /api/admin/invoices/:id', allow(ADMINS, 200, 403), { params: ownerInvoice }),
  req('GET /api/admin/invoices/:id/pdf', allow(ADMINS, 200, 403), { params: ownerInvoice }),
  req('POST /api/admin/invoices/:id/pay', allow(ADMINS, 200, 403), { params: ownerInvoice }),
  req('POST /api/admin/invoices/:id/send', allow(ADMINS, 200, 403), {
    params: ownerInvoice,
    body: { to: 'owner@client.test' },
  }),
  req('GET /api/me/invoices', ownInvoices(200)),
  req('GET /api/me/invoices/:id', ownInvoices(404), { params: ownerInvoice }),
  req('GET /api/me/invoices/:id/pdf', ownInvoices(404), { params: ownerInvoice }),
  // Editor payouts (issue 44): rates and statements the king's and admins'; an editor its own.
  req('GET /api/admin/editor-rates', allow(ADMINS, 200, 403)),
  req('PUT /api/admin/editor-rates', allow(ADMINS, 200, 403), {
    body: { videoType: 'vlog', rate: '12.00', roundRate: '2.00' },
  }),
  req('DELETE /api/admin/editor-rates/:id', allow(ADMINS, 200, 403), { params: editorRate }),
  req('GET /api/admin/payouts', allow(ADMINS, 200, 403)),
  req('GET /api/admin/payouts/:editorId/:month', allow(ADMINS, 200, 403), {
    params: videoEditorPayout,
  }),
  req('GET /api/admin/payouts/:editorId/:month/csv', allow(ADMINS, 200, 403), {
    params: videoEditorPayout,
  }),
  req('GET /api/admin/payouts/:editorId/:month/pdf', allow(ADMINS, 200, 403), {
    params: videoEditorPayout,
  }),
  req('POST /api/admin/payouts/:editorId/:month/pay-out', allow(ADMINS, 200, 403), {
    params: videoEditorPayout,
  }),
  req('POST /api/admin/payout-events/:id/reverse', allow(ADMINS, 200, 403), { params: paidOut }),
  req('GET /api/me/payouts', allow(PAYEES, 200, 403)),
  req('GET /api/me/payouts/:month', allow(PAYEES, 200, 403), { params: videoEditorPayout }),
  req('GET /api/me/payouts/:month/csv', allow(PAYEES, 200, 403), { params: videoEditorPayout }),
  req('GET /api/me/payouts/:month/pdf', allow(PAYEES, 200, 403), { params: videoEditorPayout }),
  // The audit log (issue 46): the king's alone.
  req('GET /api/admin/audit', allow(['king'], 200, 403)),
  req('GET /api/admin/audit.csv', allow(['king'], 200, 403)),
  // Import (issue 46): videos managers', clients those who may create clients (admins).
  ...(['POST /api/import/:kind/preview', 'POST /api/import/:kind'] as const).flatMap((route) => [
    req(route, allow(MANAGERS, route.endsWith('preview') ? 200 : 201, 403), {
      label: 'videos',
      params: async () => ({ kind: 'videos' }),
      body: () => ({
        csv: `Video,Client,Link\r\nImported ${ordinal},owner,https://youtu.be/imp${ordinal++}\r\n`,
      }),
    }),
    req(route, allow(ADMINS, route.endsWith('preview') ? 200 : 201, 403), {
      label: 'clients',
      params: async () => ({ kind: 'clients' }),
      body: () => ({ csv: `Username\r\nimported-${ordinal++}\r\n` }),
    }),
  ]),
  req('GET /api/video-types', allow(SIGNED_IN, 200, 0)),
  req('GET /api/admin/client-pricing', allow(ADMINS, 200, 403)),
  req('GET /api/admin/client-pricing/:clientId', allow(ADMINS, 200, 403), { params: owner }),
  req('PATCH /api/admin/payment', allow(ADMINS, 200, 403), {
    params: video,
    body: (p) => ({ videoIds: [p.id] }),
  }),
  req('PATCH /api/admin/payment/reverse', allow(ADMINS, 200, 403), {
    params: video,
    body: (p) => ({ videoIds: [p.id] }),
  }),
  req('PATCH /api/admin/videos/:id/payment-amount', allow(ADMINS, 200, 403), {
    params: video,
    body: { paymentAmount: '12.50' },
  }),
  // Retainers (issue 42): the king and admins set them; a client reads its own month.
  req('GET /api/admin/clients/:id/retainer', allow(ADMINS, 200, 403), { params: client }),
  req('PUT /api/admin/clients/:id/retainer', allow(ADMINS, 200, 403), {
    params: client,
    body: { monthlyFee: '100.00', allowance: 2 },
  }),
  req('DELETE /api/admin/clients/:id/retainer', allow(ADMINS, 200, 403), {
    params: retainer,
  }),
  req('GET /api/admin/retainers', allow(ADMINS, 200, 403)),
  req('POST /api/admin/retainers/close', allow(ADMINS, 200, 403)),
  req('GET /api/me/retainer', allow(['owner', 'otherClient'], 200, 403)),
  req('PATCH /api/admin/video-types/:id/price', allow(ADMINS, 200, 403), {
    params: videoType,
    body: { defaultPrice: '0.00' },
  }),
  req('PATCH /api/admin/client-pricing/:clientId/:videoTypeId', allow(ADMINS, 200, 403), {
    params: videoType,
    body: { price: '1.00' },
  }),
  req('DELETE /api/admin/client-pricing/:clientId/:videoTypeId', allow(ADMINS, 200, 403), {
    params: customPrice,
  }),
  req('GET /api/admin/pricing-plans', allow(ADMINS, 200, 403)),
  req('POST /api/admin/pricing-plans', allow(ADMINS, 201, 403), {
    body: () => ({ name: `matrix-${ordinal++}` }),
  }),
  req('PATCH /api/admin/pricing-plans/:id', allow(ADMINS, 200, 403), {
    params: plan,
    body: { description: 'Edited' },
  }),
  req('DELETE /api/admin/pricing-plans/:id', allow(ADMINS, 200, 403), { params: plan }),
  req('POST /api/admin/pricing-plans/:id/rules', allow(ADMINS, 201, 403), {
    params: plan,
    body: (p) => ({ videoTypeId: p.videoTypeId, price: '5.00' }),
  }),
  req('PATCH /api/admin/pricing-plans/:id/rules/:ruleId', allow(ADMINS, 200, 403), {
    params: rule,
    body: { price: '6.00' },
  }),
  req('DELETE /api/admin/pricing-plans/:id/rules/:ruleId', allow(ADMINS, 200, 403), {
    params: rule,
  }),
  req('PUT /api/admin/clients/:clientId/pricing-plan', allow(ADMINS, 200, 403), {
    params: owner,
    body: { planId: null },
  }),
  // Comments and notifications (issue 4).
  req('GET /api/videos/:id/comments', allow(READERS, 200, 404), { params: video }),
  req('POST /api/videos/:id/comments', allow(READERS, 201, 404), {
    params: video,
    body: { content: 'Hi' },
  }),
  req('GET /api/videos/:id/mentionable', allow(READERS, 200, 404), { params: video }),
  {
    route: 'DELETE /api/comments/:id',
    // A comment of the video's editor: the author and managers delete, other readers 403.
    expected: (a) =>
      a === 'anonymous'
        ? 401
        : ['videoEditor', ...MANAGERS].includes(a)
          ? 200
          : READERS.includes(a)
            ? 403
            : 404,
    run: async (a) => {
      const v = await freshVideo();
      const c = (
        await call('videoEditor', 'POST', `/api/videos/${v.id}/comments`, { content: 'Mine' })
      ).json() as { id: string };
      return call(a, 'DELETE', `/api/comments/${c.id}`);
    },
  },
  // Versions and rounds (issue 41): readers read them; the agency side and managers add a
  // version, the client side gets 403, everyone else 404.
  req('GET /api/videos/:id/versions', allow(READERS, 200, 404), { params: video }),
  req(
    'POST /api/videos/:id/versions',
    (a) => (CLIENT_SIDE.includes(a) ? 403 : allow(READERS, 201, 404)(a)),
    { params: video, body: { link: 'https://a.io/v1.mp4', note: 'First cut' } },
  ),
  req('GET /api/videos/:id/rounds', allow(READERS, 200, 404), { params: video }),
  {
    route: 'PUT /api/comments/:id/done',
    // The owner's note: its author and the agency side mark it done; its team lead may not.
    expected: (a) => (a === 'teamLead' ? 403 : allow(READERS, 200, 404)(a)),
    run: async (a) => {
      const v = await freshVideo();
      const c = (
        await call('owner', 'POST', `/api/videos/${v.id}/comments`, { content: 'Shorter' })
      ).json() as { id: string };
      return call(a, 'PUT', `/api/comments/${c.id}/done`, { done: true });
    },
  },
  {
    route: 'PUT /api/comments/:id/done',
    label: "PUT /api/comments/:id/done (the editor's note)",
    // The editor's note: the client side may not tick it off.
    expected: (a) => (CLIENT_SIDE.includes(a) ? 403 : allow(READERS, 200, 404)(a)),
    run: async (a) => {
      const v = await freshVideo();
      const c = (
        await call('videoEditor', 'POST', `/api/videos/${v.id}/comments`, { content: 'Check' })
      ).json() as { id: string };
      return call(a, 'PUT', `/api/comments/${c.id}/done`, { done: true });
    },
  },
  req('GET /api/notifications', allow(SIGNED_IN, 200, 0), { query: '?includeRead=true' }),
  req('GET /api/notifications/count', allow(SIGNED_IN, 200, 0)),
  {
    route: 'PATCH /api/notifications/:id/read',
    // The owner's notice of a comment: the recipient only, 404 for everyone else.
    expected: allow(['owner'], 200, 404),
    run: async (a) => {
      const v = await freshVideo();
      const c = (
        await call('videoEditor', 'POST', `/api/videos/${v.id}/comments`, { content: 'For you' })
      ).json() as { id: string };
      const list = (await call('owner', 'GET', '/api/notifications')).json() as {
        id: string;
        commentId: string | null;
      }[];
      const notice = list.find((n) => n.commentId === c.id)!;
      return call(a, 'PATCH', `/api/notifications/${notice.id}/read`);
    },
  },
  // Review links (issue 19): managers and the client side share, list and revoke every link of
  // the video, whoever made it; editors who read the video get 403, everyone else 404. The
  // guest routes take the token alone: any caller, signed in or not, is the same guest (the
  // review-links suite walks the rest).
  req('POST /api/review-links', (a) => (SHARERS.includes(a) ? 201 : allow(READERS, 403, 404)(a)), {
    params: video,
    body: (p) => ({ videoIds: [p.id], expiresInDays: 7 }),
  }),
  req(
    'GET /api/videos/:id/review-links',
    (a) => (SHARERS.includes(a) ? 200 : allow(READERS, 403, 404)(a)),
    { params: video },
  ),
  req(
    'DELETE /api/review-links/:id',
    (a) => (SHARERS.includes(a) ? 200 : allow(READERS, 403, 404)(a)),
    { params: reviewLink },
  ),
  req('GET /api/review/:token', () => 200, { params: reviewLink }),
  req('POST /api/review/:token/videos/:videoId/comments', () => 201, {
    params: reviewLink,
    body: { name: 'Guest', content: 'Nice' },
  }),
  req('POST /api/review/:token/videos/:videoId/decision', () => 200, {
    params: reviewLink,
    body: { name: 'Guest', decision: 'approve' },
  }),
  req('POST /api/notifications/mark-all-read', allow(SIGNED_IN, 200, 0)),
  req('DELETE /api/notifications/clear-all', allow(SIGNED_IN, 200, 0)),
  {
    route: 'POST /api/notifications/restore',
    // The owner's own clear all (issue 37): the recipient only, 404 for everyone else.
    expected: allow(['owner'], 200, 404),
    run: async (a) => {
      const v = await freshVideo();
      await call('videoEditor', 'POST', `/api/videos/${v.id}/comments`, { content: 'For you' });
      const { undoId } = (await call('owner', 'DELETE', '/api/notifications/clear-all')).json() as {
        undoId: string;
      };
      return call(a, 'POST', '/api/notifications/restore', { undoId });
    },
  },
  req('POST /api/notifications/check-delayed', allow(SIGNED_IN, 200, 0)),
  // Email (issue 19): one's own settings; the outbox (people's mail) for the king alone.
  req('GET /api/email/settings', allow(SIGNED_IN, 200, 0)),
  req('PUT /api/email/settings', allow(SIGNED_IN, 200, 0), {
    body: {
      address: '',
      digest: 'daily',
      timeZone: 'UTC',
      modes: Object.fromEntries(EMAIL_KINDS.map((k) => [k, 'digest'])),
    },
  }),
  req('GET /api/admin/email-outbox', allow(['king'], 200, 403)),
  // Webhooks (issue 46): the king's alone; other admins are refused too.
  req('GET /api/admin/webhooks', allow(['king'], 200, 403)),
  req('POST /api/admin/webhooks', allow(['king'], 201, 403), {
    body: { name: 'Matrix hook', url: 'https://203.0.113.10/hook', events: ['invoice.issued'] },
  }),
  req('PATCH /api/admin/webhooks/:id', allow(['king'], 200, 403), {
    params: webhook,
    body: { name: 'Renamed hook' },
  }),
  req('DELETE /api/admin/webhooks/:id', allow(['king'], 200, 403), { params: webhook }),
  req('GET /api/admin/webhooks/:id/deliveries', allow(['king'], 200, 403), { params: webhook }),
  req('POST /api/admin/webhooks/:id/deliveries/:deliveryId/resend', allow(['king'], 201, 403), {
    params: webhookDelivery,
  }),
  req('PUT /api/admin/webhooks/settings', allow(['king'], 200, 403), {
    body: { allowPrivate: false },
  }),
  // When clients waiting in review are reminded (issue 41): the king's setting alone.
  req('GET /api/admin/review-reminders', allow(['king'], 200, 403)),
  req('PUT /api/admin/review-reminders', allow(['king'], 200, 403), { body: { days: [3, 7] } }),
  req('GET /api/admin/two-factor', allow(['king'], 200, 403)),
  req('PUT /api/admin/two-factor', allow(['king'], 200, 403), {
    body: { requiredForAdmins: false },
  }),
  // The king's only; a client without two-factor: 409 (two-factor.test.ts turns one off).
  req('DELETE /api/admin/users/:id/two-factor', allow(['king'], 409, 403), { params: client }),
  // API tokens and the calendar feed (issue 46): one's own, by session only (TOKEN_REFUSED).
  req('GET /api/me/api-tokens', allow(SIGNED_IN, 200, 0)),
  req('POST /api/me/api-tokens', allow(SIGNED_IN, 201, 0), {
    body: { name: 'matrix-made', expiresInDays: 7 },
  }),
  {
    route: 'DELETE /api/me/api-tokens/:id',
    // The actor's own token (another's is 404: api-tokens.test.ts); anonymous the king's.
    expected: allow(SIGNED_IN, 200, 0),
    run: async (a) => {
      const made = await callVia(
        'cookie',
        a === 'anonymous' ? 'king' : a,
        'POST',
        '/api/me/api-tokens',
        {
          name: 'matrix-revoked',
          expiresInDays: 7,
        },
      );
      return call(a, 'DELETE', `/api/me/api-tokens/${(made.json() as { id: string }).id}`);
    },
  },
  req('GET /api/me/calendar-feed', allow(SIGNED_IN, 200, 0)),
  req('POST /api/me/calendar-feed', allow(SIGNED_IN, 201, 0)),
  req('DELETE /api/me/calendar-feed', allow(SIGNED_IN, 200, 0)),
  {
    route: 'GET /api/calendar-feed/:file',
    // The address is the only key: whoever holds the owner's reads it (calendar-feed.test.ts).
    expected: () => 200,
    run: async (a) => {
      const made = await callVia('cookie', 'owner', 'POST', '/api/me/calendar-feed');
      const { url } = made.json() as { url: string };
      return call(a, 'GET', new URL(url).pathname);
    },
  },
  // Public pages outside /api: the token in the link is the only key (unknown here: 404).
  req('GET /unsubscribe', () => 404, { query: `?token=${'u'.repeat(32)}` }),
  req('POST /unsubscribe', () => 404, { query: `?token=${'u'.repeat(32)}` }),
];

/**
 * The routes an API token never opens (docs/rules.md#api-tokens-and-the-calendar-feed): the
 * credentials' own, declared `sessionOnly`. With a token they answer 403, and 401 without one;
 * every other route answers a token exactly as it answers the same user's session. (The socket
 * and the web app's pages take no token either: api-tokens.test.ts.)
 */
const TOKEN_REFUSED = new Set([
  'GET /api/me/api-tokens',
  'POST /api/me/api-tokens',
  'DELETE /api/me/api-tokens/:id',
  'GET /api/me/calendar-feed',
  'POST /api/me/calendar-feed',
  'DELETE /api/me/calendar-feed',
  'PATCH /api/auth/change-password',
  'GET /api/auth/two-factor',
  'POST /api/auth/two-factor/setup',
  'POST /api/auth/two-factor/enable',
  'POST /api/auth/two-factor/recovery-codes',
  'POST /api/auth/two-factor/disable',
  'PUT /api/admin/two-factor',
  'DELETE /api/admin/users/:id/two-factor',
]);

/** What `c` answers `a` in the pass that signs in `how`. */
const expectedVia = (how: Via, c: Case, a: Actor) => {
  const expected = c.expected(a);
  if (how === 'cookie' || !TOKEN_REFUSED.has(c.route)) return expected;
  return a === 'anonymous' ? 401 : 403;
};

describe.each(['cookie', 'token'] as const)(
  'permission matrix by %s (docs/rules.md#who-may-do-what)',
  (how) => {
    beforeAll(() => {
      via = how;
    });
    afterAll(() => {
      via = 'cookie';
    });

    it('has an entry for every registered /api route', () => {
      const registered = t.app.registeredRoutes
        .filter((r) => r.url.startsWith('/api/'))
        .map((r) => `${r.method} ${r.url}`);
      const covered = new Set(CASES.map((c) => c.route));
      expect(registered.filter((r) => !covered.has(r))).toEqual([]);
    });

    it('refuses tokens exactly on the routes declared sessionOnly', () => {
      const sessionOnly = t.app.registeredRoutes
        .filter((r) => r.config?.sessionOnly)
        .map((r) => `${r.method} ${r.url}`);
      expect(new Set(sessionOnly)).toEqual(TOKEN_REFUSED);
    });

    for (const c of CASES) {
      it(c.label ?? c.route, async () => {
        const got: Record<string, number> = {};
        const want: Record<string, number> = {};
        for (const actor of ACTORS) {
          const expected = expectedVia(how, c, actor);
          if (expected === 0) continue; // not applicable (e.g. a call that needs a session)
          want[actor] = expected;
          got[actor] = (await c.run(actor)).statusCode;
        }
        expect(got).toEqual(want);
      });
    }
  },
);

describe('lists and bodies never carry what the actor may not see', () => {
  it("GET /api/me/payouts(/:month) carries only the editor's own statements (issue 44)", async () => {
    const { month } = await videoEditorPayout();
    for (const actor of PAYEES) {
      const months = (await call(actor, 'GET', '/api/me/payouts')).json() as { editorId: string }[];
      expect(
        months.every((m) => m.editorId === id[actor]),
        actor,
      ).toBe(true);
      const own = (await call(actor, 'GET', `/api/me/payouts/${month}`)).json() as {
        editorId: string;
        items: unknown[];
      };
      expect(own.editorId, actor).toBe(id[actor]);
      expect(own.items.length > 0, actor).toBe(actor === 'videoEditor');
    }
  });

  it('GET /api/videos/count counts exactly the videos GET /api/videos lists', async () => {
    await freshVideo();
    for (const actor of SIGNED_IN) {
      const list = (await call(actor, 'GET', '/api/videos')).json() as unknown[];
      const { count } = (await call(actor, 'GET', '/api/videos/count')).json() as {
        count: number;
      };
      expect(count, actor).toBe(list.length);
    }
  });

  it('GET /api/videos contains exactly the readable videos, with hidden fields absent', async () => {
    const v = await freshVideo();
    for (const actor of SIGNED_IN) {
      const list = (await call(actor, 'GET', '/api/videos')).json() as Record<string, unknown>[];
      const found = list.find((x) => x.id === v.id);
      expect(Boolean(found), actor).toBe(READERS.includes(actor));
      for (const row of list) {
        const mayReadRow =
          MANAGERS.includes(actor) ||
          row.userId === id[actor] ||
          row.assignedEditorId === id[actor] ||
          (row.userId === id.owner && ['teamEditor', 'teamLead'].includes(actor));
        expect(mayReadRow, `${actor} sees ${String(row.id)}`).toBe(true);
      }
      if (!found) continue;
      // The agency's only: never the owner nor its team lead (issue 37, obs 10).
      expect('internalNotes' in found, `${actor} internalNotes`).toBe(
        !['owner', 'teamLead'].includes(actor),
      );
      const seesPayment = ['owner', ...ADMINS].includes(actor);
      for (const field of ['paymentAmount', 'paymentStatus', 'lockedPrice', 'paidDate']) {
        expect(field in found, `${actor} ${field}`).toBe(seesPayment);
      }
      expect(JSON.stringify(found)).not.toMatch(/password|argon2/);
    }
  });
});
