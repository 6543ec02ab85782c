import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientEditorAssignments, clientTeamLeadAssignments, videoTypes } from '../../db/schema';
import { seedPerson } from '../../test/helper';
import { createScene, type Scene } from '../invoicing/test-fixtures';

/**
 * Custom types belong to the client that made them (issue 14, docs/rules.md#rules-the-product-leaves-open): listed to
 * that client, its team leads and staff, never to another client; the king still prices them.
 */
let s: Scene;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  s = await createScene();
  await s.t.db
    .insert(clientEditorAssignments)
    .values({ clientId: s.id.client, editorId: s.id.editor });
  for (const [username, clientId] of [
    ['lead1', s.id.client],
    ['lead2', s.id.client2],
  ] as const) {
    const lead = await seedPerson(s.t, { username, role: 'client_team_lead' });
    await s.t.db.insert(clientTeamLeadAssignments).values({ clientId, teamLeadId: lead.id });
    cookies[username] = lead.cookie;
  }
});
afterAll(async () => {
  await s.t.close();
});

type Who = Parameters<Scene['call']>[0] | 'lead1' | 'lead2';
const call = (who: Who, method: 'GET' | 'POST' | 'PATCH', url: string, body?: object) =>
  who === 'lead1' || who === 'lead2'
    ? s.t.app.inject({ method, url, headers: { cookie: cookies[who]! }, payload: body })
    : s.call(who, method, url, body);

const listed = async (who: Who) => {
  const res = await call(who, 'GET', '/api/video-types');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { name: string }[]).map((t) => t.name);
};
const create = async (who: Who, customType: string, targetUserId?: string) => {
  const res = await call(who, 'POST', '/api/videos', {
    name: customType,
    link: 'https://example.com/v',
    type: 'other',
    customType,
    targetUserId,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; type: string };
};
const ownerOf = async (name: string) =>
  (await s.t.db.select().from(videoTypes).where(eq(videoTypes.name, name)))[0]?.ownerId;

describe('GET /api/video-types', () => {
  it("never lists one client's custom type to another client or its team lead", async () => {
    expect((await create('client', 'Secret Sauce')).type).toBe('secret-sauce');
    expect(await ownerOf('secret-sauce')).toBe(s.id.client);
    for (const who of ['client', 'lead1', 'editor', 'lead', 'admin', 'king'] as const) {
      expect(await listed(who), who).toContain('secret-sauce');
    }
    for (const who of ['client2', 'lead2'] as const) {
      const names = await listed(who);
      expect(names, who).not.toContain('secret-sauce');
      expect(names, who).toContain('consultation');
    }
    // The king still prices it.
    const king = (await call('king', 'GET', '/api/video-types')).json() as {
      name: string;
      defaultPrice?: string;
    }[];
    expect(king.find((t) => t.name === 'secret-sauce')?.defaultPrice).toBe('0.00');
  });

  it("a type an editor makes for a client's video belongs to that client", async () => {
    await create('editor', 'Editor Made', s.id.client);
    expect(await ownerOf('editor-made')).toBe(s.id.client);
    expect(await listed('client')).toContain('editor-made');
    expect(await listed('client2')).not.toContain('editor-made');
  });

  it('a type changed to in an edit belongs to the owning client too', async () => {
    const v = await create('client', 'Start Type');
    const res = await call('client', 'PATCH', `/api/videos/${v.id}`, { type: 'Patched Type' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ownerOf('patched-type')).toBe(s.id.client);
    expect(await listed('client2')).not.toContain('patched-type');
  });

  it('two clients typing the same name share one type, listed to both', async () => {
    await create('client2', 'secret sauce');
    const rows = await s.t.db.select().from(videoTypes).where(eq(videoTypes.name, 'secret-sauce'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.ownerId).toBe(s.id.client);
    expect(await listed('client2')).toContain('secret-sauce');
    expect(await listed('lead2')).toContain('secret-sauce');
  });

  it("the king's own types belong to nobody and are listed to everyone", async () => {
    await create('king', 'House Style');
    expect(await ownerOf('house-style')).toBeNull();
    expect(await listed('client2')).toContain('house-style');
  });
});
