import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientEditorAssignments, clientTeamLeadAssignments, users, videos } from '../../db/schema';
import { createTestApp, seedPeople, type TestApp } from '../../test/helper';

/**
 * DESIGN.md section 4, walked for every actor over every route. Each route of the app must have
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
});
afterAll(async () => {
  await t.close();
});

let ordinal = 1000;
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
/** A fresh video of the owner, assigned to videoEditor, with notes and a payment amount. */
async function freshVideo() {
  const [v] = await t.db
    .insert(videos)
    .values({
      userId: id.owner,
      assignedEditorId: id.videoEditor,
      ordinal: sql`(select coalesce(max(ordinal), 0) + 1 from videos where user_id = ${id.owner})`,
      name: 'Matrix video',
      link: 'https://a.io/v',
      internalNotes: 'team only',
      paymentAmount: '12.50',
    })
    .returning();
  return v!;
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

function call(actor: Actor, method: string, url: string, payload?: object) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: actor === 'anonymous' ? {} : { cookie: cookie[actor] },
    payload,
  });
}

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

const CASES: Case[] = [
  { route: 'GET /api/health', expected: () => 200, run: (a) => call(a, 'GET', '/api/health') },
  { route: 'GET /api/ready', expected: () => 200, run: (a) => call(a, 'GET', '/api/ready') },
  // Open outside production; staff-only in production (server/modules/docs/openapi.test.ts).
  {
    route: 'GET /api/openapi.json',
    expected: () => 200,
    run: (a) => call(a, 'GET', '/api/openapi.json'),
  },
  { route: 'GET /api/docs', expected: () => 200, run: (a) => call(a, 'GET', '/api/docs') },
  {
    route: 'POST /api/auth/register',
    expected: () => 201,
    run: (a) =>
      call(a, 'POST', '/api/auth/register', {
        username: `reg-${ordinal++}`,
        password: 'secret123',
      }),
  },
  {
    route: 'POST /api/auth/login',
    expected: () => 401,
    run: (a) => call(a, 'POST', '/api/auth/login', { username: 'nobody', password: 'wrong-one' }),
  },
  {
    route: 'POST /api/auth/logout',
    expected: () => 200,
    run: (a) => call(a === 'anonymous' ? a : 'anonymous', 'POST', '/api/auth/logout'),
  },
  {
    route: 'GET /api/auth/me',
    expected: allow(SIGNED_IN, 200, 0),
    run: (a) => call(a, 'GET', '/api/auth/me'),
  },
  {
    route: 'PATCH /api/auth/change-password',
    expected: allow(SIGNED_IN, 400, 0),
    run: (a) =>
      call(a, 'PATCH', '/api/auth/change-password', {
        currentPassword: 'wrong-pass',
        newPassword: 'whatever1',
      }),
  },
  {
    route: 'GET /api/users/search',
    expected: allow(SIGNED_IN, 200, 0),
    run: (a) => call(a, 'GET', '/api/users/search'),
  },
  {
    route: 'GET /api/users/:id',
    // The owner is a client: staff, the owner and its team lead may see it; other clients and
    // other clients' team leads may not (DESIGN.md section 4, directories by need).
    expected: allow(
      SIGNED_IN.filter((a) => a !== 'otherClient' && a !== 'otherTeamLead'),
      200,
      404,
    ),
    run: (a) => call(a, 'GET', `/api/users/${id.owner}`),
  },
  {
    route: 'GET /api/users/:id/avatar',
    // The image behind an avatarUrl: any signed-in user (the URL comes from an answer they got).
    expected: allow(SIGNED_IN, 200, 0),
    run: async (a) => {
      await call('owner', 'POST', '/api/users/avatar', { imageData: PNG });
      return call(a, 'GET', `/api/users/${id.owner}/avatar`);
    },
  },
  {
    route: 'PATCH /api/users/:id',
    expected: allow(['owner'], 200, 403),
    run: (a) => call(a, 'PATCH', `/api/users/${id.owner}`, { name: 'Owner' }),
  },
  {
    route: 'POST /api/users/avatar',
    expected: allow(SIGNED_IN, 400, 0),
    run: (a) => call(a, 'POST', '/api/users/avatar', { imageData: 'data:text/plain;base64,AAAA' }),
  },
  {
    route: 'GET /api/videos',
    expected: allow(SIGNED_IN, 200, 0),
    run: (a) => call(a, 'GET', '/api/videos'),
  },
  {
    route: 'GET /api/videos/assigned-to-me',
    expected: allow(SIGNED_IN, 200, 0),
    run: (a) => call(a, 'GET', '/api/videos/assigned-to-me'),
  },
  {
    route: 'GET /api/videos/count',
    expected: allow(SIGNED_IN, 200, 0),
    run: (a) => call(a, 'GET', '/api/videos/count'),
  },
  {
    route: 'GET /api/videos/:id',
    expected: allow(READERS, 200, 404),
    run: async (a) => call(a, 'GET', `/api/videos/${(await freshVideo()).id}`),
  },
  {
    route: 'POST /api/videos',
    expected: allow(['owner', 'teamEditor', 'teamLead', ...MANAGERS], 201, 403),
    run: (a) =>
      call(a, 'POST', '/api/videos', {
        name: 'New',
        link: 'https://a.io/n',
        targetUserId: id.owner,
      }),
  },
  {
    route: 'PATCH /api/videos/:id',
    expected: allow(READERS, 200, 404),
    run: async (a) =>
      call(a, 'PATCH', `/api/videos/${(await freshVideo()).id}`, { name: 'Renamed' }),
  },
  {
    route: 'PATCH /api/videos/:id/status',
    // A draft to review is the agency's move (server/modules/videos/workflow.test.ts has the
    // whole table): the client side reads the video but may not make it.
    expected: (a) => (['owner', 'teamLead'].includes(a) ? 403 : allow(READERS, 200, 404)(a)),
    run: async (a) =>
      call(a, 'PATCH', `/api/videos/${(await freshVideo()).id}/status`, { status: 'review' }),
  },
  {
    route: 'PATCH /api/videos/:id/assigned-editor',
    // Unassigning: the owner (client), the video's editor (self), and managers; other readers 403.
    expected: (a) =>
      a === 'anonymous'
        ? 401
        : ['owner', 'videoEditor', ...MANAGERS].includes(a)
          ? 200
          : READERS.includes(a)
            ? 403
            : 404,
    run: async (a) =>
      call(a, 'PATCH', `/api/videos/${(await freshVideo()).id}/assigned-editor`, {
        assignedEditorId: null,
      }),
  },
  {
    route: 'DELETE /api/videos/:id',
    expected: allow(READERS, 200, 404),
    run: async (a) => call(a, 'DELETE', `/api/videos/${(await freshVideo()).id}`),
  },
  {
    route: 'POST /api/videos/bulk-delete',
    expected: allow(READERS, 200, 403),
    run: async (a) =>
      call(a, 'POST', '/api/videos/bulk-delete', { ids: [(await freshVideo()).id] }),
  },
  {
    route: 'GET /api/king/users',
    expected: allow(['videoEditor', 'teamEditor', 'strangerEditor', ...MANAGERS], 200, 403),
    run: (a) => call(a, 'GET', '/api/king/users'),
  },
  {
    route: 'GET /api/king/users/:id/videos',
    expected: allow(['teamEditor', ...MANAGERS], 200, 403),
    run: (a) => call(a, 'GET', `/api/king/users/${id.owner}/videos`),
  },
  {
    route: 'GET /api/admin/videos',
    expected: allow(ADMINS, 200, 403),
    run: (a) => call(a, 'GET', '/api/admin/videos'),
  },
  {
    route: 'POST /api/admin/videos/bulk-delete',
    expected: allow(ADMINS, 200, 403),
    run: async (a) =>
      call(a, 'POST', '/api/admin/videos/bulk-delete', { ids: [(await freshVideo()).id] }),
  },
  {
    route: 'GET /api/clients',
    expected: allow(SIGNED_IN, 200, 0),
    run: (a) => call(a, 'GET', '/api/clients'),
  },
  {
    route: 'GET /api/editors',
    expected: allow(SIGNED_IN, 200, 0),
    run: (a) => call(a, 'GET', '/api/editors'),
  },
  {
    route: 'GET /api/clients/:clientId/editors',
    expected: allow(['owner', 'teamEditor', 'teamLead', ...MANAGERS], 200, 404),
    run: (a) => call(a, 'GET', `/api/clients/${id.owner}/editors`),
  },
  // Client team leads (issue 14): managers assign and remove them; a team lead reads its clients.
  {
    route: 'GET /api/team-leads',
    expected: allow(MANAGERS, 200, 403),
    run: (a) => call(a, 'GET', '/api/team-leads'),
  },
  {
    route: 'GET /api/team-leads/my-clients',
    expected: allow(SIGNED_IN, 200, 0),
    run: (a) => call(a, 'GET', '/api/team-leads/my-clients'),
  },
  {
    route: 'POST /api/team-leads',
    expected: allow(MANAGERS, 201, 403),
    run: async (a) =>
      call(a, 'POST', '/api/team-leads', {
        clientId: (await freshClient()).id,
        teamLeadId: id.otherTeamLead,
      }),
  },
  {
    route: 'DELETE /api/team-leads/:clientId/:teamLeadId',
    expected: allow(MANAGERS, 200, 403),
    run: async (a) => {
      const client = await freshClient();
      await t.db
        .insert(clientTeamLeadAssignments)
        .values({ clientId: client.id, teamLeadId: id.otherTeamLead });
      return call(a, 'DELETE', `/api/team-leads/${client.id}/${id.otherTeamLead}`);
    },
  },
  {
    route: 'GET /api/assignments/my-clients',
    expected: allow(SIGNED_IN, 200, 0),
    run: (a) => call(a, 'GET', '/api/assignments/my-clients'),
  },
  {
    route: 'GET /api/assignments/my-editors',
    expected: allow(SIGNED_IN, 200, 0),
    run: (a) => call(a, 'GET', '/api/assignments/my-editors'),
  },
  {
    route: 'GET /api/assignments',
    expected: allow(MANAGERS, 200, 403),
    run: (a) => call(a, 'GET', '/api/assignments'),
  },
  {
    route: 'GET /api/lead/summary',
    expected: allow(MANAGERS, 200, 403),
    run: (a) => call(a, 'GET', '/api/lead/summary'),
  },
  {
    route: 'POST /api/assignments',
    expected: allow(MANAGERS, 201, 403),
    run: async (a) =>
      call(a, 'POST', '/api/assignments', {
        clientId: (await freshClient()).id,
        editorId: id.strangerEditor,
      }),
  },
  {
    route: 'DELETE /api/assignments/:clientId/:editorId',
    expected: allow(MANAGERS, 200, 403),
    run: async (a) => {
      const client = await freshClient();
      await t.db
        .insert(clientEditorAssignments)
        .values({ clientId: client.id, editorId: id.strangerEditor });
      return call(a, 'DELETE', `/api/assignments/${client.id}/${id.strangerEditor}`);
    },
  },
  {
    route: 'GET /api/admin/stats',
    expected: allow(ADMINS, 200, 403),
    run: (a) => call(a, 'GET', '/api/admin/stats'),
  },
  {
    route: 'GET /api/admin/users',
    expected: allow(ADMINS, 200, 403),
    run: (a) => call(a, 'GET', '/api/admin/users'),
  },
  {
    route: 'POST /api/admin/users',
    expected: allow(ADMINS, 201, 403),
    run: (a) =>
      call(a, 'POST', '/api/admin/users', {
        username: `made-${ordinal++}`,
        name: 'Made',
        password: 'secret123',
        role: 'client',
      }),
  },
  {
    // adminEditor is an admin but not a lead editor or king: it may manage nobody. A lead
    // editor admin manages clients, editors and team leads who are not admins.
    route: 'PATCH /api/admin/users/:id',
    expected: allow(['king', 'leadAdmin'], 200, 403),
    run: async (a) =>
      call(a, 'PATCH', `/api/admin/users/${(await freshClient()).id}`, { name: 'Renamed' }),
  },
  {
    route: 'PATCH /api/admin/users/:id/reset-password',
    expected: allow(['king', 'leadAdmin'], 200, 403),
    run: async (a) =>
      call(a, 'PATCH', `/api/admin/users/${(await freshClient()).id}/reset-password`, {
        newPassword: 'another1',
      }),
  },
  {
    route: 'DELETE /api/admin/users/:id',
    expected: allow(['king', 'leadAdmin'], 200, 403),
    run: async (a) => call(a, 'DELETE', `/api/admin/users/${(await freshClient()).id}`),
  },
  // --- Admins as targets: the king's alone to edit, reset or delete (issue 15, finding 2) ---
  {
    route: 'PATCH /api/admin/users/:id',
    label: 'PATCH /api/admin/users/:id (an admin client)',
    expected: allow(['king'], 200, 403),
    run: async (a) =>
      call(a, 'PATCH', `/api/admin/users/${(await freshClient('true')).id}`, { name: 'Renamed' }),
  },
  {
    route: 'PATCH /api/admin/users/:id/reset-password',
    label: 'PATCH /api/admin/users/:id/reset-password (an admin editor)',
    expected: allow(['king'], 200, 403),
    run: async (a) =>
      call(a, 'PATCH', `/api/admin/users/${(await freshAdminEditor()).id}/reset-password`, {
        newPassword: 'another1',
      }),
  },
  {
    route: 'DELETE /api/admin/users/:id',
    label: 'DELETE /api/admin/users/:id (an admin client)',
    expected: allow(['king'], 200, 403),
    run: async (a) => call(a, 'DELETE', `/api/admin/users/${(await freshClient('true')).id}`),
  },
  {
    route: 'DELETE /api/admin/users/:id',
    label: 'DELETE /api/admin/users/:id (an admin editor)',
    expected: allow(['king'], 200, 403),
    run: async (a) => call(a, 'DELETE', `/api/admin/users/${(await freshAdminEditor()).id}`),
  },
  {
    route: 'PATCH /api/admin/users/:id/vip',
    expected: allow(ADMINS, 200, 403),
    run: async (a) =>
      call(a, 'PATCH', `/api/admin/users/${(await freshClient()).id}/vip`, { isVip: true }),
  },
  // --- Invoicing, pricing and revenue: the king and admins only (DESIGN.md section 4) ---
  {
    route: 'GET /api/admin/invoicing',
    expected: allow(ADMINS, 200, 403),
    run: (a) => call(a, 'GET', '/api/admin/invoicing?dateFilter=all'),
  },
  {
    route: 'GET /api/admin/revenue/summary',
    expected: allow(ADMINS, 200, 403),
    run: (a) => call(a, 'GET', '/api/admin/revenue/summary'),
  },
  {
    route: 'GET /api/admin/revenue/trends',
    expected: allow(ADMINS, 200, 403),
    run: (a) => call(a, 'GET', '/api/admin/revenue/trends'),
  },
  {
    route: 'GET /api/admin/invoicing.csv',
    expected: allow(ADMINS, 200, 403),
    run: (a) => call(a, 'GET', '/api/admin/invoicing.csv'),
  },
  {
    route: 'GET /api/admin/invoices/:clientId',
    expected: allow(ADMINS, 200, 403),
    run: (a) => call(a, 'GET', `/api/admin/invoices/${id.owner}`),
  },
  {
    route: 'GET /api/admin/revenue/breakdown',
    expected: allow(ADMINS, 200, 403),
    run: (a) => call(a, 'GET', '/api/admin/revenue/breakdown'),
  },
  {
    route: 'GET /api/admin/payments',
    expected: allow(ADMINS, 200, 403),
    run: (a) => call(a, 'GET', '/api/admin/payments'),
  },
  {
    route: 'GET /api/admin/payments.csv',
    expected: allow(ADMINS, 200, 403),
    run: (a) => call(a, 'GET', '/api/admin/payments.csv'),
  },
  {
    route: 'GET /api/admin/revenue/unpaid-aging',
    expected: allow(ADMINS, 200, 403),
    run: (a) => call(a, 'GET', '/api/admin/revenue/unpaid-aging'),
  },
  {
    route: 'GET /api/video-types',
    expected: allow(SIGNED_IN, 200, 0),
    run: (a) => call(a, 'GET', '/api/video-types'),
  },
  {
    route: 'GET /api/admin/client-pricing',
    expected: allow(ADMINS, 200, 403),
    run: (a) => call(a, 'GET', '/api/admin/client-pricing'),
  },
  {
    route: 'GET /api/admin/client-pricing/:clientId',
    expected: allow(ADMINS, 200, 403),
    run: (a) => call(a, 'GET', `/api/admin/client-pricing/${id.owner}`),
  },
  {
    route: 'PATCH /api/admin/payment',
    expected: allow(ADMINS, 200, 403),
    run: async (a) =>
      call(a, 'PATCH', '/api/admin/payment', { videoIds: [(await freshVideo()).id] }),
  },
  {
    route: 'PATCH /api/admin/payment/reverse',
    expected: allow(ADMINS, 200, 403),
    run: async (a) =>
      call(a, 'PATCH', '/api/admin/payment/reverse', { videoIds: [(await freshVideo()).id] }),
  },
  {
    route: 'PATCH /api/admin/videos/:id/payment-amount',
    expected: allow(ADMINS, 200, 403),
    run: async (a) =>
      call(a, 'PATCH', `/api/admin/videos/${(await freshVideo()).id}/payment-amount`, {
        paymentAmount: '12.50',
      }),
  },
  {
    route: 'PATCH /api/admin/video-types/:id/price',
    expected: allow(ADMINS, 200, 403),
    run: async (a) => {
      const types = (await call('king', 'GET', '/api/video-types')).json() as { id: string }[];
      return call(a, 'PATCH', `/api/admin/video-types/${types[0]!.id}/price`, {
        defaultPrice: '0.00',
      });
    },
  },
  {
    route: 'PATCH /api/admin/client-pricing/:clientId/:videoTypeId',
    expected: allow(ADMINS, 200, 403),
    run: async (a) => {
      const types = (await call('king', 'GET', '/api/video-types')).json() as { id: string }[];
      return call(a, 'PATCH', `/api/admin/client-pricing/${id.owner}/${types[0]!.id}`, {
        price: '1.00',
      });
    },
  },
  {
    route: 'DELETE /api/admin/client-pricing/:clientId/:videoTypeId',
    expected: allow(ADMINS, 200, 403),
    run: async (a) => {
      const types = (await call('king', 'GET', '/api/video-types')).json() as { id: string }[];
      const url = `/api/admin/client-pricing/${id.owner}/${types[0]!.id}`;
      await call('king', 'PATCH', url, { price: '1.00' });
      return call(a, 'DELETE', url);
    },
  },
  {
    route: 'GET /api/admin/pricing-plans',
    expected: allow(ADMINS, 200, 403),
    run: (a) => call(a, 'GET', '/api/admin/pricing-plans'),
  },
  {
    route: 'POST /api/admin/pricing-plans',
    expected: allow(ADMINS, 201, 403),
    run: (a) => call(a, 'POST', '/api/admin/pricing-plans', { name: `matrix-${ordinal++}` }),
  },
  {
    route: 'PATCH /api/admin/pricing-plans/:id',
    expected: allow(ADMINS, 200, 403),
    run: async (a) => {
      const plan = (
        await call('king', 'POST', '/api/admin/pricing-plans', { name: `matrix-${ordinal++}` })
      ).json() as { id: string };
      return call(a, 'PATCH', `/api/admin/pricing-plans/${plan.id}`, { description: 'Edited' });
    },
  },
  {
    route: 'DELETE /api/admin/pricing-plans/:id',
    expected: allow(ADMINS, 200, 403),
    run: async (a) => {
      const plan = (
        await call('king', 'POST', '/api/admin/pricing-plans', { name: `matrix-${ordinal++}` })
      ).json() as { id: string };
      return call(a, 'DELETE', `/api/admin/pricing-plans/${plan.id}`);
    },
  },
  {
    route: 'POST /api/admin/pricing-plans/:id/rules',
    expected: allow(ADMINS, 201, 403),
    run: async (a) => {
      const plan = (
        await call('king', 'POST', '/api/admin/pricing-plans', { name: `matrix-${ordinal++}` })
      ).json() as { id: string };
      const types = (await call('king', 'GET', '/api/video-types')).json() as { id: string }[];
      return call(a, 'POST', `/api/admin/pricing-plans/${plan.id}/rules`, {
        videoTypeId: types[0]!.id,
        price: '5.00',
      });
    },
  },
  {
    route: 'PATCH /api/admin/pricing-plans/:id/rules/:ruleId',
    expected: allow(ADMINS, 200, 403),
    run: async (a) => {
      const plan = (
        await call('king', 'POST', '/api/admin/pricing-plans', { name: `matrix-${ordinal++}` })
      ).json() as { id: string };
      const types = (await call('king', 'GET', '/api/video-types')).json() as { id: string }[];
      const rules = `/api/admin/pricing-plans/${plan.id}/rules`;
      const rule = (
        await call('king', 'POST', rules, { videoTypeId: types[0]!.id, price: '5.00' })
      ).json() as { id: string };
      return call(a, 'PATCH', `${rules}/${rule.id}`, { price: '6.00' });
    },
  },
  {
    route: 'DELETE /api/admin/pricing-plans/:id/rules/:ruleId',
    expected: allow(ADMINS, 200, 403),
    run: async (a) => {
      const plan = (
        await call('king', 'POST', '/api/admin/pricing-plans', { name: `matrix-${ordinal++}` })
      ).json() as { id: string };
      const types = (await call('king', 'GET', '/api/video-types')).json() as { id: string }[];
      const rules = `/api/admin/pricing-plans/${plan.id}/rules`;
      const rule = (
        await call('king', 'POST', rules, { videoTypeId: types[0]!.id, price: '5.00' })
      ).json() as { id: string };
      return call(a, 'DELETE', `${rules}/${rule.id}`);
    },
  },
  {
    route: 'PUT /api/admin/clients/:clientId/pricing-plan',
    expected: allow(ADMINS, 200, 403),
    run: (a) => call(a, 'PUT', `/api/admin/clients/${id.owner}/pricing-plan`, { planId: null }),
  },
  // Comments and notifications (issue 4).
  {
    route: 'GET /api/videos/:id/comments',
    expected: allow(READERS, 200, 404),
    run: async (a) => call(a, 'GET', `/api/videos/${(await freshVideo()).id}/comments`),
  },
  {
    route: 'POST /api/videos/:id/comments',
    expected: allow(READERS, 201, 404),
    run: async (a) =>
      call(a, 'POST', `/api/videos/${(await freshVideo()).id}/comments`, { content: 'Hi' }),
  },
  {
    route: 'GET /api/videos/:id/mentionable',
    expected: allow(READERS, 200, 404),
    run: async (a) => call(a, 'GET', `/api/videos/${(await freshVideo()).id}/mentionable`),
  },
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
  {
    route: 'GET /api/notifications',
    expected: allow(SIGNED_IN, 200, 0),
    run: (a) => call(a, 'GET', '/api/notifications?includeRead=true'),
  },
  {
    route: 'GET /api/notifications/count',
    expected: allow(SIGNED_IN, 200, 0),
    run: (a) => call(a, 'GET', '/api/notifications/count'),
  },
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
  {
    route: 'POST /api/notifications/mark-all-read',
    expected: allow(SIGNED_IN, 200, 0),
    run: (a) => call(a, 'POST', '/api/notifications/mark-all-read'),
  },
  {
    route: 'DELETE /api/notifications/clear-all',
    expected: allow(SIGNED_IN, 200, 0),
    run: (a) => call(a, 'DELETE', '/api/notifications/clear-all'),
  },
  {
    route: 'POST /api/notifications/check-delayed',
    expected: allow(SIGNED_IN, 200, 0),
    run: (a) => call(a, 'POST', '/api/notifications/check-delayed'),
  },
];

describe('permission matrix (DESIGN.md section 4)', () => {
  it('has an entry for every registered /api route', () => {
    const registered = t.app.registeredRoutes
      .filter((r) => r.url.startsWith('/api/'))
      .map((r) => `${r.method} ${r.url}`);
    const covered = new Set(CASES.map((c) => c.route));
    expect(registered.filter((r) => !covered.has(r))).toEqual([]);
  });

  for (const c of CASES) {
    it(c.label ?? c.route, async () => {
      const got: Record<string, number> = {};
      const want: Record<string, number> = {};
      for (const actor of ACTORS) {
        const expected = c.expected(actor);
        if (expected === 0) continue; // not applicable (e.g. a call that needs a session)
        want[actor] = expected;
        got[actor] = (await c.run(actor)).statusCode;
      }
      expect(got).toEqual(want);
    });
  }
});

describe('lists and bodies never carry what the actor may not see', () => {
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
      expect('internalNotes' in found, `${actor} internalNotes`).toBe(actor !== 'owner');
      const seesPayment = ['owner', ...ADMINS].includes(actor);
      for (const field of ['paymentAmount', 'paymentStatus', 'lockedPrice', 'paidDate']) {
        expect(field in found, `${actor} ${field}`).toBe(seesPayment);
      }
      expect(JSON.stringify(found)).not.toMatch(/password|argon2/);
    }
  });
});
