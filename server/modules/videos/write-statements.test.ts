import type { LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  clientTeamLeadAssignments,
  editorRates,
  notifications,
  payoutItems,
  videos,
} from '../../db/schema';
import { type Method, seedPerson, seedVideo, setUpVideoPeople } from '../../test/helper';
import { recordStatements } from '../../test/statements';

/**
 * Issue 20's writes near their data's cost: each of the day's three writes makes few round
 * trips, and what it answers is what a fresh read shows. The viewer's scope, the client's team
 * leads and the history come with the video's one read; a status change, its history row and
 * its notices are one statement, a comment and its notices another, a create's type, video,
 * history row and notices another (after the lock that orders its client's creates); and the
 * answer is made of what was written.
 */
const t = setUpVideoPeople();
let statements: ReturnType<typeof recordStatements>;
let teamLead: { id: string; cookie: string };

describe('the day writes in few statements', () => {
  it('sets the scene', async () => {
    statements = recordStatements(t.database);
    teamLead = await seedPerson(t, { username: 'ctl', role: 'client_team_lead' });
    await t.db
      .insert(clientTeamLeadAssignments)
      .values({ clientId: t.id.owner, teamLeadId: teamLead.id });
    // Sessions looked up once, as on a server in use.
    for (const who of ['owner', 'teameditor', 'lead1'] as const) {
      expect((await t.call(who, 'GET', '/api/auth/me')).statusCode).toBe(200);
    }
  });

  /**
   * A call as `who` that must answer `status` in `n` statements: its answer, and whom the
   * notifications it made went to.
   */
  async function inStatements(
    n: number,
    who: string,
    method: Method,
    url: string,
    payload: object,
    status: number,
  ) {
    await t.db.delete(notifications);
    let res: LightMyRequestResponse | undefined;
    const sent = await statements.during(async () => {
      res = await t.call(who, method, url, payload);
    });
    expect(res!.statusCode).toBe(status);
    expect(sent, sent.join('\n')).toHaveLength(n);
    const told = await t.db.select({ to: notifications.recipientId }).from(notifications);
    return { res: res!, told: told.map((n) => n.to).sort() };
  }

  const detailAs = async (who: string, id: string) =>
    (await t.call(who, 'GET', `/api/videos/${id}`)).json<Record<string, unknown>>();

  let videoId = '';

  it("creates a video (a new custom type, then the same again) in 2 statements (the client's editors; the lock, type, video, history and notices)", async () => {
    for (const name of ['First', 'Second']) {
      const video = { name, type: 'behind-the-scenes', link: 'https://youtu.be/abc' };
      const { res, told } = await inStatements(2, 'owner', 'POST', '/api/videos', video, 201);
      expect(told).toEqual([t.id.teameditor]);
      const created = res.json<{ id: string; statusHistory: unknown[] }>();
      videoId = created.id;
      expect(created).toEqual(await detailAs('owner', created.id));
      expect(created.statusHistory).toHaveLength(1);
    }
  });

  it("creates a video for a client in 5 statements when a lead editor does (their scope's two reads and the client's row first, read once)", async () => {
    const video = { name: 'For her', link: 'https://youtu.be/abc', targetUserId: t.id.owner };
    const { res, told } = await inStatements(5, 'lead1', 'POST', '/api/videos', video, 201);
    const created = res.json<{ id: string; userId: string }>();
    expect(created.userId).toBe(t.id.owner);
    expect(created).toEqual(await detailAs('lead1', created.id));
    expect(told).toEqual([t.id.teameditor]);
  });

  it('creates a video whose ordinal another create took meanwhile in a transaction that takes the lock first, its notices once', async () => {
    // A trigger that refuses the first insert as the unique index would stands in for a create
    // of the same client that committed while the statement waited for the lock.
    await t.database.exec(`
      create sequence ordinal_taken_once;
      create function ordinal_taken_once() returns trigger language plpgsql as $$
        begin
          if nextval('ordinal_taken_once') = 1 then
            raise unique_violation using constraint = 'videos_user_ordinal_uq',
              message = 'duplicate key value violates unique constraint "videos_user_ordinal_uq"';
          end if;
          return new;
        end $$;
      create trigger ordinal_taken_once before insert on videos
        for each row execute function ordinal_taken_once();`);
    try {
      const video = { name: 'Second try', link: 'https://youtu.be/abc' };
      // The editors and the refused statement; then begin, the lock and the editors, the
      // statement again, commit.
      const { res, told } = await inStatements(6, 'owner', 'POST', '/api/videos', video, 201);
      expect(told).toEqual([t.id.teameditor]);
      const created = res.json<{ id: string }>();
      expect(created).toEqual(await detailAs('owner', created.id));
    } finally {
      await t.database.exec(`drop trigger ordinal_taken_once on videos;
        drop function ordinal_taken_once(); drop sequence ordinal_taken_once;`);
    }
  });

  it('changes a status in 2 statements (a read; the move, its history and notices); the client and its team lead hear of it', async () => {
    const move = { status: 'in_progress' };
    const url = `/api/videos/${videoId}/status`;
    // Its editor already: Start Work on an unassigned video also makes its starter the editor
    // (issue 37), and its answer then reads the video again for the editor's name.
    const assign = (editor: string | null) =>
      t.db.update(videos).set({ assignedEditorId: editor }).where(eq(videos.id, videoId));
    await assign(t.id.teameditor!);
    const { res, told } = await inStatements(2, 'teameditor', 'PATCH', url, move, 200);
    const answer = res.json<{ statusHistory: { fromStatus: string; toStatus: string }[] }>();
    expect(answer).toEqual(await detailAs('teameditor', videoId));
    expect(answer.statusHistory.map((h) => [h.fromStatus, h.toStatus])).toEqual([
      [null, 'draft'],
      ['draft', 'in_progress'],
    ]);
    expect(told).toEqual([t.id.owner, teamLead.id].sort());
    await assign(null);
  });

  it('stores no notice when the move finds the video changed meanwhile (409)', async () => {
    // A trigger that skips the update stands in for a move made between the read and the write.
    await t.database.exec(`
      create function skip_update() returns trigger language plpgsql as $$
        begin return null; end $$;
      create trigger skip_update before update on videos
        for each row execute function skip_update();`);
    try {
      const res = await t.call('teameditor', 'PATCH', `/api/videos/${videoId}/status`, {
        status: 'draft',
      });
      expect(res.statusCode).toBe(409);
    } finally {
      await t.database.exec('drop trigger skip_update on videos; drop function skip_update();');
    }
    expect(await t.db.select().from(notifications)).toEqual([]);
    const history = (await detailAs('teameditor', videoId)).statusHistory as unknown[];
    expect(history).toHaveLength(2);
  });

  it('changes fields and status through PATCH, answering what a read shows', async () => {
    const res = await t.call('teameditor', 'PATCH', `/api/videos/${videoId}`, {
      name: 'Renamed',
      status: 'review',
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json<{ name: string; statusHistory: unknown[] }>();
    expect(answer).toEqual(await detailAs('teameditor', videoId));
    expect(answer.name).toBe('Renamed');
    expect(answer.statusHistory).toHaveLength(3);
  });

  it("completes a video in 2 statements: its editor's payout locks inside the move's own statement (issue 44)", async () => {
    await t.db.insert(editorRates).values({ videoType: 'behind-the-scenes', rate: '30.00' });
    await t.db
      .update(videos)
      .set({ assignedEditorId: t.id.teameditor })
      .where(eq(videos.id, videoId));
    const url = `/api/videos/${videoId}/status`;
    await inStatements(2, 'owner', 'PATCH', url, { status: 'ready_to_post' }, 200);
    const locked = await t.db.select().from(payoutItems).where(eq(payoutItems.videoId, videoId));
    expect(locked.map((i) => [i.editorId, i.kind, i.amount])).toEqual([
      [t.id.teameditor, 'video', '30.00'],
    ]);
    // The item stays (the database refuses to delete a locked one); the video goes back.
    await t.db
      .update(videos)
      .set({ status: 'review', assignedEditorId: null })
      .where(eq(videos.id, videoId));
  });

  it('posts a comment in 2 statements (a read; the comment and its notices); the team lead hears of it', async () => {
    const comment = { content: 'Looks good' };
    const url = `/api/videos/${videoId}/comments`;
    const { told } = await inStatements(2, 'owner', 'POST', url, comment, 201);
    expect(told).toEqual([teamLead.id]);
  });

  it("posts a comment at a time in 2 statements: the current version's frame rate comes with the video's read (issues 43, 47)", async () => {
    const comment = { content: 'Looks good at 0:42' };
    const url = `/api/videos/${videoId}/comments`;
    const { told } = await inStatements(2, 'owner', 'POST', url, comment, 201);
    expect(told).toEqual([teamLead.id]);
  });

  it('posts a comment that mentions people in 3 statements (a read; who they are and whether they may read it; the comment and its notices)', async () => {
    const comment = { content: '@teameditor and @stranger, look' };
    const url = `/api/videos/${videoId}/comments`;
    const { told } = await inStatements(3, 'owner', 'POST', url, comment, 201);
    // teameditor is on the client's team and hears of the mention; the stranger may not read
    // the video and hears nothing.
    expect(told).toEqual([t.id.teameditor, teamLead.id].sort());
  });

  it("looks up whom a comment mentions beside the video's read, not after it: two round trips in turn", async () => {
    const url = `/api/videos/${videoId}/comments`;
    const sent = await statements.sentDuring(async () => {
      const res = await t.call('owner', 'POST', url, { content: '@teameditor, see this?' });
      expect(res.statusCode).toBe(201);
    });
    expect(sent).toHaveLength(3);
    const insert = sent.at(-1)!;
    const lookup = sent.find((s) => s.text.includes('jsonb_array_elements_text'))!;
    const read = sent.find((s) => s !== lookup && s !== insert)!;
    // Each was sent before the other's answer came back; the comment's statement after both.
    expect(read.sent).toBeLessThan(lookup.answered!);
    expect(lookup.sent).toBeLessThan(read.answered!);
    expect(insert.sent).toBeGreaterThan(Math.max(read.answered!, lookup.answered!));
  });

  it('posts a reply in 3 statements, two in turn (issue 45 part 4): the thread and its people read beside the video; the reply and its notices', async () => {
    const url = `/api/videos/${videoId}/comments`;
    const first = (await t.call('teameditor', 'POST', url, { content: 'Shorter intro?' })).json<{
      id: string;
    }>();
    // The thread's first comment and whom it holds must be known before its notices are: one
    // read more than a comment's, sent beside the video's rather than after it.
    const reply = { content: 'Yes, by two seconds', parentId: first.id };
    const { told } = await inStatements(3, 'owner', 'POST', url, reply, 201);
    expect(told).toEqual([t.id.teameditor]);
    const sent = await statements.sentDuring(async () => {
      expect((await t.call('owner', 'POST', url, reply)).statusCode).toBe(201);
    });
    expect(sent).toHaveLength(3);
    const [a, b, insert] = sent;
    expect(a!.sent).toBeLessThan(b!.answered!);
    expect(b!.sent).toBeLessThan(a!.answered!);
    expect(insert!.sent).toBeGreaterThan(Math.max(a!.answered!, b!.answered!));
  });

  it('tells no one of a mention on a video the writer may not read (404), though the lookup began', async () => {
    const hidden = await seedVideo(t, { userId: t.id.other });
    const url = `/api/videos/${hidden.id}/comments`;
    const res = await t.call('owner', 'POST', url, { content: '@teameditor look' });
    expect(res.statusCode).toBe(404);
    expect(await t.db.select().from(notifications)).toEqual([]);
  });

  it('posts every comment with the same two statements, built once and on PostgreSQL prepared by name', async () => {
    const url = `/api/videos/${videoId}/comments`;
    const post = (content: string) =>
      statements.sentDuring(async () => {
        expect((await t.call('owner', 'POST', url, { content })).statusCode).toBe(201);
      });
    const first = await post('First of two');
    const second = await post('Second of two');
    expect(second).toHaveLength(2);
    second.forEach((sent, i) => {
      expect(sent.text).toBe(first[i]!.text);
      // The driver is handed the statement built for the first comment, not one built anew.
      expect(sent.config).toBe(first[i]!.config);
    });
    // Named, node-postgres parses each once per connection and PostgreSQL keeps its plan.
    const names =
      t.database.kind === 'postgres' ? ['readable_video', 'insert_comment_noticed'] : [];
    expect(second.map((s) => s.name).filter(Boolean)).toEqual(names);
  });

  it('moves a video back and forth with the same two statements, built once and on PostgreSQL prepared by name', async () => {
    const video = { name: 'Back and forth', link: 'https://youtu.be/abc' };
    const created = await t.call('owner', 'POST', '/api/videos', video);
    const url = `/api/videos/${created.json<{ id: string }>().id}/status`;
    const move = (status: string) =>
      statements.sentDuring(async () => {
        expect((await t.call('teameditor', 'PATCH', url, { status })).statusCode).toBe(200);
      });
    await move('in_progress');
    const first = await move('draft');
    await move('in_progress');
    const second = await move('draft');
    expect(second).toHaveLength(2);
    second.forEach((sent, i) => {
      expect(sent.text).toBe(first[i]!.text);
      expect(sent.config).toBe(first[i]!.config);
    });
    const names = second.map((s) => s.name ?? '');
    if (t.database.kind === 'postgres') {
      expect(names[0]).toBe('readable_video_with_history');
      expect(names[1]).toMatch(/^update_video_[0-9a-f]{16}$/);
    } else expect(names.filter(Boolean)).toEqual([]);
  });
});
