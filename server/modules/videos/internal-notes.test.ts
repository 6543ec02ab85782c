import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LIST_DELTA, type ListDelta } from '@domain/list-delta';
import { VIDEO_MESSAGES } from '@domain/videos';
import { clientTeamLeadAssignments, videos } from '../../db/schema';
import { seedPerson, seedVideo, setUpVideoPeople } from '../../test/helper';

/**
 * Internal notes are the agency's only (docs/rules.md#who-may-do-what, issue 37 obs 10): a client team lead
 * acts for its client and never reads or writes them, on any path: the detail, every list row
 * (whole, paged, as a delta), the answers to its own writes, and whatever the per-video JSON
 * cache or the read cache kept for someone who may see them.
 */
const t = setUpVideoPeople();
const { id, call } = t;
const NOTE = 'AGENCY-ONLY-NOTE';
let lead: { id: string; cookie: string };

beforeAll(async () => {
  lead = await seedPerson(t, { username: 'notes-lead', role: 'client_team_lead' });
  await t.db.insert(clientTeamLeadAssignments).values({ clientId: id.owner!, teamLeadId: lead.id });
});

const asLead = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers = {}) =>
  t.app.inject({ method, url, payload, headers: { cookie: lead.cookie, ...headers } });

const noteVideo = () =>
  seedVideo(t, {
    userId: id.owner!,
    assignedEditorId: id.editor!,
    name: 'Noted',
    internalNotes: NOTE,
  });

describe("a client team lead and the agency's internal notes", () => {
  it('reads a video without them, though the agency read it first and the answer is kept', async () => {
    const v = await noteVideo();
    // The assigned editor sees them: what the caches may hold for the team lead to find.
    const editors = await call('editor', 'GET', `/api/videos/${v.id}`);
    expect(editors.json().internalNotes).toBe(NOTE);
    expect((await call('editor', 'GET', '/api/videos')).body).toContain(NOTE);
    for (let read = 0; read < 2; read++) {
      const detail = await asLead('GET', `/api/videos/${v.id}`);
      expect(detail.statusCode).toBe(200);
      expect(detail.json()).not.toHaveProperty('internalNotes');
      expect(detail.body).not.toContain(NOTE);
      const list = await asLead('GET', '/api/videos');
      expect(list.statusCode).toBe(200);
      const row = list.json<Record<string, unknown>[]>().find((x) => x.id === v.id);
      expect(row, `read ${read}`).toBeDefined();
      expect(row).not.toHaveProperty('internalNotes');
      expect(list.body).not.toContain(NOTE);
      const page = await asLead('GET', `/api/videos?limit=5&client=${id.owner}`);
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain(NOTE);
      expect(page.body).not.toContain('internalNotes');
    }
    // The owner, on the same side, sees none either; the agency still does.
    expect((await call('owner', 'GET', `/api/videos/${v.id}`)).json()).not.toHaveProperty(
      'internalNotes',
    );
    expect((await call('teameditor', 'GET', `/api/videos/${v.id}`)).json().internalNotes).toBe(
      NOTE,
    );
  });

  it('gets a list delta without them when the agency changes a video', async () => {
    const v = await noteVideo();
    // A list is answered as a delta from 50 videos on (DELTA_MIN_PARTS, plugins/read-cache.ts).
    for (let i = 0; i < 50; i++) await seedVideo(t, { userId: id.owner!, name: `Filler ${i}` });
    const held = await asLead('GET', '/api/videos');
    expect(held.statusCode).toBe(200);
    const changed = await call('editor', 'PATCH', `/api/videos/${v.id}`, {
      name: 'Noted again',
      internalNotes: `${NOTE} 2`,
    });
    expect(changed.json().internalNotes).toBe(`${NOTE} 2`);
    const delta = await asLead('GET', '/api/videos', undefined, {
      'if-none-match': held.headers.etag as string,
      'a-im': LIST_DELTA,
    });
    expect(delta.statusCode).toBe(226);
    const answer = delta.json<ListDelta<Record<string, unknown>>>();
    expect(answer.changed.map((x) => x.id)).toContain(v.id);
    for (const row of answer.changed) expect(row).not.toHaveProperty('internalNotes');
    expect(delta.body).not.toContain(NOTE);
  });

  it('may not write them: PATCH is refused as the client is, create stores none, answers carry none', async () => {
    const v = await noteVideo();
    for (const who of ['lead', 'owner'] as const) {
      const res =
        who === 'lead'
          ? await asLead('PATCH', `/api/videos/${v.id}`, { internalNotes: 'mine now' })
          : await call('owner', 'PATCH', `/api/videos/${v.id}`, { internalNotes: 'mine now' });
      expect(res.statusCode, who).toBe(403);
      expect(res.json().message).toBe(VIDEO_MESSAGES.internalNotesAgencyOnly);
    }
    const [row] = await t.db.select().from(videos).where(eq(videos.id, v.id));
    expect(row!.internalNotes).toBe(NOTE);

    const renamed = await asLead('PATCH', `/api/videos/${v.id}`, { name: 'Renamed by lead' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).not.toHaveProperty('internalNotes');

    const created = await asLead('POST', '/api/videos', {
      name: 'From the lead',
      link: 'https://a.io/v',
      targetUserId: id.owner,
      internalNotes: 'planted',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).not.toHaveProperty('internalNotes');
    const [made] = await t.db.select().from(videos).where(eq(videos.id, created.json().id));
    expect(made!.internalNotes).toBe('');
  });
});
