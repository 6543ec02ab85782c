import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clientEditorAssignments, users } from '../../db/schema';
import { setUpVideoPeople } from '../../test/helper';
import { recordStatements } from '../../test/statements';

/**
 * Issue 20's working day: a manager's whole list of clients depends on every client, so any
 * write anywhere moves its read cache label (ADR 0007), yet a status change changes nothing in
 * it. It is made again only when its rows' version (clientListVersion) moved: a client's row, a
 * video count or an editor count.
 */
const t = setUpVideoPeople();

const clientsAs = async (who: string) => {
  const res = await t.call(who, 'GET', '/api/clients');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res;
};
type Listed = { id: string; name: string | null; videoCount: number; editorCount: number };
const ownerIn = (body: string) =>
  JSON.parse(body).find((c: Listed) => c.id === t.id.owner) as Listed;

describe("a manager's whole list of clients", () => {
  let statements: ReturnType<typeof recordStatements>;
  let videoId = '';
  let first = '';

  it('is read in full the first time', async () => {
    statements = recordStatements(t.database);
    const created = await t.call('owner', 'POST', '/api/videos', {
      name: 'Cut one',
      type: 'vlog',
      link: 'https://youtu.be/abc',
    });
    expect(created.statusCode).toBe(201);
    videoId = created.json<{ id: string }>().id;
    first = (await clientsAs('lead1')).body;
    expect(ownerIn(first)).toMatchObject({ videoCount: 1, editorCount: 1 });
  });

  it('after a status change (its label moved) is the same bytes, from one statement that hashes its rows', async () => {
    const moved = await t.call('teameditor', 'PATCH', `/api/videos/${videoId}/status`, {
      status: 'in_progress',
    });
    expect(moved.statusCode).toBe(200);
    let body = '';
    const sent = await statements.during(async () => {
      body = (await clientsAs('lead1')).body;
    });
    expect(body).toBe(first);
    const listed = sent.filter((s) => s.includes('from "users"'));
    expect(listed, sent.join('\n')).toHaveLength(1);
    expect(listed[0]).toMatch(/md5\(coalesce\(string_agg\(.* order by/);
  });

  it('shows a renamed client, a new video and a new editor at once', async () => {
    await t.db.update(users).set({ name: 'Olivia Renamed' }).where(eq(users.id, t.id.owner));
    expect(ownerIn((await clientsAs('lead1')).body).name).toBe('Olivia Renamed');

    const created = await t.call('owner', 'POST', '/api/videos', {
      name: 'Cut two',
      type: 'vlog',
      link: 'https://youtu.be/abc',
    });
    expect(created.statusCode).toBe(201);
    expect(ownerIn((await clientsAs('lead1')).body).videoCount).toBe(2);

    await t.db
      .insert(clientEditorAssignments)
      .values({ clientId: t.id.owner, editorId: t.id.editor });
    expect(ownerIn((await clientsAs('boss')).body).editorCount).toBe(2);
    expect(ownerIn((await clientsAs('lead1')).body).editorCount).toBe(2);
  });

  it("is the same for every viewer who sees every client, and a client's own list stays its own", async () => {
    const lead = (await clientsAs('lead1')).body;
    expect((await clientsAs('editor')).body).toBe(lead);
    expect((await clientsAs('boss')).body).toBe(lead);
    const own = JSON.parse((await clientsAs('owner')).body) as Record<string, unknown>[];
    expect(own.map((c) => c.id)).toEqual([t.id.owner]);
    expect(own.some((c) => 'isAdmin' in c)).toBe(false);
  });
});
