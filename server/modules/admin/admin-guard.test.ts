import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '@domain/admin';
import { INVOICING_MESSAGES } from '@domain/invoicing';
import { PAYOUT_MESSAGES } from '@domain/payouts';
import { createTestApp, seedPeople, type TestApp } from '../../test/helper';
import { ADMIN_PREFIX } from './admin.guard';

/** Everyone who is not an admin, whatever their role, and the admins (the king counts). */
const NON_ADMINS = {
  lead: ['lead_editor', 'false'],
  editor: ['editor', 'false'],
  client: ['client', 'false'],
  teamLead: ['client_team_lead', 'false'],
} as const;
const ADMINS = {
  king: ['king', 'true'],
  leadAdmin: ['lead_editor', 'true'],
  editorAdmin: ['editor', 'true'],
} as const;
type Actor = keyof typeof NON_ADMINS | keyof typeof ADMINS;

/** The guard's words: the admin calls', and invoicing's and payouts' for their own routes. */
const REFUSALS: string[] = [
  ADMIN_MESSAGES.adminRequired,
  INVOICING_MESSAGES.forbidden,
  PAYOUT_MESSAGES.forbidden,
];

let t: TestApp;
let cookie: Record<Actor, string>;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await seedPeople(
    t,
    Object.entries({ ...NON_ADMINS, ...ADMINS }).map(
      ([actor, [role, isAdmin]]) => [actor as Actor, role, isAdmin] as const,
    ),
    { username: (actor) => `guard-${actor.toLowerCase()}` },
  ));
});
afterAll(async () => {
  await t.close();
});

/**
 * A call of the route with ids that exist nowhere and, for a method that may carry one, a body
 * that is not even JSON: what the guard answers must not depend on the input.
 */
function callWithJunk(actor: Actor, route: { method: string; url: string }) {
  const withBody = route.method !== 'GET';
  return t.app.inject({
    method: route.method as 'GET',
    url: route.url.replace(/:\w+/g, () => randomUUID()),
    headers: {
      cookie: cookie[actor],
      ...(withBody && { 'content-type': 'application/json' }),
    },
    payload: withBody ? '{not json' : undefined,
  });
}

/** The answer's message; '' for an answer that is not a JSON message (a CSV download). */
function messageOf(res: { body: string }): string {
  try {
    const body: unknown = JSON.parse(res.body);
    return body && typeof body === 'object' && 'message' in body ? String(body.message) : '';
  } catch {
    return '';
  }
}

describe('the admin guard', () => {
  const adminRoutes = () => t.app.registeredRoutes.filter((r) => r.url.startsWith(ADMIN_PREFIX));

  it('refuses a non-admin on every /api/admin/ route the same way, before reading the input', async () => {
    const routes = adminRoutes();
    // Users, stats, VIP, invoicing, pricing, reports and the admin video calls.
    expect(routes.length).toBeGreaterThan(25);
    const problems: string[] = [];
    for (const route of routes) {
      const messages = new Set<string>();
      for (const actor of Object.keys(NON_ADMINS) as Actor[]) {
        const res = await callWithJunk(actor, route);
        const message = messageOf(res);
        messages.add(message);
        if (res.statusCode !== 403 || !REFUSALS.includes(message)) {
          problems.push(`${route.method} ${route.url} as ${actor}: ${res.statusCode} ${message}`);
        }
      }
      if (messages.size > 1) {
        problems.push(
          `${route.method} ${route.url}: refusals differ by role (${[...messages].join(' | ')})`,
        );
      }
    }
    expect(problems).toEqual([]);
  });

  it('lets every admin past it (what they then get is the route’s own answer)', async () => {
    const problems: string[] = [];
    for (const route of adminRoutes()) {
      for (const actor of Object.keys(ADMINS) as Actor[]) {
        const res = await callWithJunk(actor, route);
        const message = messageOf(res);
        if (res.statusCode === 403 && REFUSALS.includes(message)) {
          problems.push(`${route.method} ${route.url} as ${actor}: refused by the guard`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
