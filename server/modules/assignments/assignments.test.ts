import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications, videos } from '../../db/schema';
import { setUpSuite } from '../../test/helper';

const t = setUpSuite([
  ['c1', 'client'],
  ['c2', 'client'],
  ['c3', 'client'],
  ['e1', 'editor'],
  ['e2', 'editor'],
  ['lead', 'lead_editor'],
]);
const { id, call } = t;

describe('assignments', () => {
  it('lets a manager assign, refuses duplicates and wrong roles, and reports statistics', async () => {
    const ok = await call('lead', 'POST', '/api/assignments', { clientId: id.c1, editorId: id.e1 });
    expect(ok.statusCode).toBe(201);
    expect(ok.json()).toMatchObject({
      clientId: id.c1,
      editorId: id.e1,
      client: { username: 'c1' },
    });
    await call('lead', 'POST', '/api/assignments', { clientId: id.c2, editorId: id.e1 });
    await call('lead', 'POST', '/api/assignments', { clientId: id.c1, editorId: id.e2 });
    const dupe = await call('lead', 'POST', '/api/assignments', {
      clientId: id.c1,
      editorId: id.e1,
    });
    expect(dupe.statusCode).toBe(409);
    expect(dupe.json().message).toBe('This editor is already assigned to this client');
    const wrong = await call('lead', 'POST', '/api/assignments', {
      clientId: id.e2,
      editorId: id.c3,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Only users with role client can be assigned editors');
    const missing = await call('lead', 'POST', '/api/assignments', { clientId: id.c3 });
    expect(missing.json().message).toBe('Please select an editor');

    const list = await call('lead', 'GET', '/api/assignments');
    expect(list.json().statistics).toEqual({
      totalAssignments: 3,
      unassignedClients: 1,
      assignmentHealthScore: 67,
      averageAssignmentsPerEditor: 1.5,
    });
  });

  it('refuses assignment changes and the full list to non-managers', async () => {
    expect(
      (await call('e1', 'POST', '/api/assignments', { clientId: id.c3, editorId: id.e1 }))
        .statusCode,
    ).toBe(403);
    expect((await call('c1', 'GET', '/api/assignments')).statusCode).toBe(403);
    expect((await call('e1', 'DELETE', `/api/assignments/${id.c1}/${id.e1}`)).statusCode).toBe(403);
  });

  it('gives editors their clients with video counts and clients their editors', async () => {
    await call('c1', 'POST', '/api/videos', { name: 'a', link: 'https://a.io/1' });
    const mine = (await call('e1', 'GET', '/api/assignments/my-clients')).json();
    expect(
      mine.assignedClients.map((c: { username: string; videoCount: number }) => [
        c.username,
        c.videoCount,
      ]),
    ).toEqual([
      ['c1', 1],
      ['c2', 0],
    ]);
    const editors = (await call('c1', 'GET', '/api/assignments/my-editors')).json();
    expect(editors.assignedEditors.map((e: { username: string }) => e.username).sort()).toEqual([
      'e1',
      'e2',
    ]);
    const ofClient = await call('c2', 'GET', `/api/clients/${id.c1}/editors`);
    expect(ofClient.statusCode).toBe(404);
    expect(
      (await call('e1', 'GET', `/api/clients/${id.c1}/editors`)).json().assignedEditors,
    ).toHaveLength(2);
  });

  it('shows a client only themselves in /api/clients, staff everyone', async () => {
    expect(
      (await call('c2', 'GET', '/api/clients')).json().map((c: { username: string }) => c.username),
    ).toEqual(['c2']);
    expect((await call('e2', 'GET', '/api/clients')).json()).toHaveLength(3);
  });

  it('unassigns, and 404s an assignment that does not exist', async () => {
    const res = await call('lead', 'DELETE', `/api/assignments/${id.c1}/${id.e2}`);
    expect(res.statusCode).toBe(200);
    expect((await call('lead', 'DELETE', `/api/assignments/${id.c1}/${id.e2}`)).statusCode).toBe(
      404,
    );
  });

  it('removing an editor from a client ends their access to its videos at once, and tells them', async () => {
    // e1 works for c3 (two of its videos are theirs) and for c2 (one video, untouched).
    await call('lead', 'POST', '/api/assignments', { clientId: id.c3, editorId: id.e1 });
    let ordinal = 100;
    const make = async (owner: keyof typeof id, name: string, editor: string | null) => {
      const [v] = await t.db
        .insert(videos)
        .values({
          userId: id[owner],
          ordinal: (ordinal += 1),
          name,
          link: 'https://a.io/v',
          internalNotes: `notes of ${name}`,
          assignedEditorId: editor,
        })
        .returning();
      return v!.id;
    };
    const mine1 = await make('c3', 'C3 first cut', id.e1!);
    const mine2 = await make('c3', 'C3 second cut', id.e1!);
    const others = await make('c3', 'C3 by e2', id.e2!);
    const elsewhere = await make('c2', 'C2 cut', id.e1!);
    await call('c3', 'POST', `/api/videos/${mine1}/comments`, { content: 'Looks good' });
    const before = await call('e1', 'GET', `/api/videos/${mine1}`);
    expect(before.statusCode).toBe(200);
    expect(before.json().internalNotes).toBe('notes of C3 first cut');
    await t.db.delete(notifications);

    const res = await call('lead', 'DELETE', `/api/assignments/${id.c3}/${id.e1}`);
    expect(res.statusCode).toBe(200);

    for (const v of [mine1, mine2, others]) {
      expect((await call('e1', 'GET', `/api/videos/${v}`)).statusCode).toBe(404);
      expect((await call('e1', 'GET', `/api/videos/${v}/comments`)).statusCode).toBe(404);
      const patch = await call('e1', 'PATCH', `/api/videos/${v}`, { internalNotes: 'mine now' });
      expect(patch.statusCode).toBe(404);
    }
    const listed = (await call('e1', 'GET', '/api/videos')).json() as {
      id: string;
      internalNotes?: string;
    }[];
    const ids = listed.map((v) => v.id);
    expect(ids).toContain(elsewhere);
    expect(ids.filter((v) => [mine1, mine2, others].includes(v))).toEqual([]);
    expect(listed.some((v) => v.internalNotes?.startsWith('notes of C3'))).toBe(false);
    // Their own videos of that client lost their editor; everything else is as it was.
    const editors = new Map(
      (await t.db.select().from(videos)).map((v) => [v.id, v.assignedEditorId]),
    );
    expect([mine1, mine2, others, elsewhere].map((v) => editors.get(v))).toEqual([
      null,
      null,
      id.e2,
      id.e1,
    ]);
    expect((await call('e1', 'GET', `/api/videos/${elsewhere}`)).statusCode).toBe(200);

    const told = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, id.e1!));
    expect(told).toMatchObject([
      {
        type: 'client_unassigned',
        title: 'Removed from a client',
        message: 'lead removed you from the client c3 and unassigned you from its 2 videos',
        videoId: null,
        isRead: false,
      },
    ]);
    expect(await t.db.select().from(notifications)).toHaveLength(1);
  });
});
