import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { TURNAROUND_MESSAGES, type TurnaroundFigures } from '@domain/turnaround';
import { agencySettings, videos, videoStatusHistory } from '../../db/schema';
import { setUpSuite } from '../../test/helper';
import { DAY_MS as DAY } from '@domain/day-counter';

const t = setUpSuite([
  ['c1', 'client'],
  ['c2', 'client'],
  ['e1', 'editor'],
  ['lead', 'lead_editor'],
]);
const { id, call } = t;

beforeAll(async () => {
  const past = new Date(Date.now() - DAY);
  const future = new Date(Date.now() + DAY);
  const daysAgo = (days: number) => new Date(Date.now() - days * DAY);
  // The last column: how long ago the video entered its status.
  const rows: [keyof typeof id, string, string, Date | null, Date][] = [
    ['c1', 'Alpha review', 'review', future, daysAgo(2)],
    ['c1', 'Beta review late', 'review', past, daysAgo(8)],
    ['c1', 'Gamma progress', 'in_progress', null, daysAgo(9)],
    ['c1', 'Posted but late', 'posted', past, daysAgo(1)],
    ['c2', 'Delta ready', 'ready_to_post', future, daysAgo(1)],
    ['c2', 'Epsilon draft 100%', 'draft', past, daysAgo(3)],
  ];
  let n = 0;
  for (const [owner, name, status, dueDate, statusChangedAt] of rows) {
    n += 1;
    await t.db.insert(videos).values({
      userId: id[owner],
      ordinal: sql`${n}`,
      name,
      status,
      dueDate,
      statusChangedAt,
      link: 'https://example.com/v',
    });
  }
});

const get = (who: string, url: string) => call(who, 'GET', url);

describe('GET /api/lead/summary', () => {
  it('counts the seven tiles; overdue only while the agency has the work (posted past due is not)', async () => {
    const res = await get('lead', '/api/lead/summary');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      counts: {
        needsReview: 1,
        total: 6,
        inProgress: 1,
        overdue: 2,
        readyToPost: 1,
        posted: 1,
        teamMembers: 4,
      },
      matches: null,
    });
  });

  it('the overdue tab lists exactly what the tile counts: still in the agency’s hands', async () => {
    const late = ['Beta review late', 'Epsilon draft 100%'];
    const listed = (await get('lead', '/api/videos?overdue=true')).json() as { name: string }[];
    expect(listed.map((v) => v.name).sort()).toEqual(late);
    expect((await get('lead', '/api/lead/summary')).json().counts.overdue).toBe(late.length);
    const one = (await get('lead', `/api/videos?overdue=true&clientId=${id.c1}`)).json();
    expect(one.map((v: { name: string }) => v.name)).toEqual(['Beta review late']);
  });

  it('Needs My Review holds only what waits for the lead: a client silent past the last reminder', async () => {
    const tab = async (query = '') =>
      ((await get('lead', `/api/videos?needsLead=true${query}`)).json() as { name: string }[])
        .map((v) => v.name)
        .sort();
    const tile = async () => (await get('lead', '/api/lead/summary')).json().counts.needsReview;
    // Alpha waits for its client two days: the client's turn, not the lead's.
    expect(await tab()).toEqual(['Beta review late']);
    expect(await tile()).toBe(1);
    expect(await tab(`&clientId=${id.c2}`)).toEqual([]);
    // The king's reminder days move it: with the last on day 1, both reviews wait for the lead.
    await t.db.update(agencySettings).set({ reviewReminderDays: [1] });
    try {
      expect(await tab()).toEqual(['Alpha review', 'Beta review late']);
      expect(await tile()).toBe(2);
    } finally {
      await t.db.update(agencySettings).set({ reviewReminderDays: [3, 7] });
    }
    expect(await tile()).toBe(1);
  });

  it('narrows to the picked client and counts search matches literally', async () => {
    const res = await get('lead', `/api/lead/summary?clientId=${id.c2}&q=ready`);
    expect(res.json()).toMatchObject({
      counts: { total: 2, readyToPost: 1, needsReview: 0, overdue: 1, teamMembers: 4 },
      matches: 1,
    });
    // % is a character to find, not a wildcard.
    const percent = await get('lead', '/api/lead/summary?q=100%25');
    expect(percent.json().matches).toBe(1);
    const review = await get('lead', '/api/lead/summary?q=REVIEW');
    expect(review.json().matches).toBe(2);
  });

  it('refuses non-managers and bad input with a message', async () => {
    const editor = await get('e1', '/api/lead/summary');
    expect(editor.statusCode).toBe(403);
    expect(editor.json().message).toMatch(/lead editors/);
    const bad = await get('lead', '/api/lead/summary?clientId=nope');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Unknown client');
  });
});

describe('GET /api/lead/turnaround', () => {
  const H = 3_600_000;
  const T0 = Date.UTC(2026, 2, 2, 9); // 2 March 2026, 09:00Z
  const at = (hours: number) => new Date(T0 + hours * H);
  const march = '/api/lead/turnaround?from=2026-03-01&to=2026-03-31';

  /** A video of `owner` with the status history given, at the hours given after T0. */
  async function withHistory(
    owner: keyof typeof id,
    editor: keyof typeof id | null,
    type: string,
    steps: [string, number][],
  ) {
    const [video] = await t.db
      .insert(videos)
      .values({
        userId: id[owner],
        ordinal: sql`(select coalesce(max(ordinal), 0) + 1 from videos where user_id = ${id[owner]})`,
        name: `Turn ${type}`,
        type,
        status: steps.at(-1)![0],
        assignedEditorId: editor ? id[editor] : null,
        link: 'https://example.com/v',
      })
      .returning();
    await t.db.insert(videoStatusHistory).values(
      steps.map(([toStatus, hours], i) => ({
        videoId: video!.id,
        fromStatus: i === 0 ? null : steps[i - 1]![0],
        toStatus,
        changedAt: at(hours),
      })),
    );
  }

  beforeAll(async () => {
    // Went back and forth: started at 24, review 48-58 and 70-90, ready at 90.
    await withHistory('c1', 'e1', 'reel', [
      ['draft', 0],
      ['in_progress', 24],
      ['review', 48],
      ['in_progress', 58],
      ['review', 70],
      ['ready_to_post', 90],
      ['posted', 100],
    ]);
    // Quick: 10 h, 4 of them in review; no editor.
    await withHistory('c2', null, 'reel', [
      ['draft', 0],
      ['in_progress', 0],
      ['review', 6],
      ['ready_to_post', 10],
    ]);
    // Still open, and one ready in February (posted in March): neither counts for March.
    await withHistory('c1', 'e1', 'ad', [
      ['draft', 0],
      ['in_progress', 2],
      ['review', 30],
    ]);
    await withHistory('c2', 'e1', 'ad', [
      ['draft', -400],
      ['in_progress', -390],
      ['ready_to_post', -380],
      ['posted', 5],
    ]);
  });

  it('gives the median and 90th percentile per editor, client and type for the range', async () => {
    const res = await get('lead', march);
    expect(res.statusCode).toBe(200);
    const f = res.json() as TurnaroundFigures;
    expect([f.from, f.to]).toEqual(['2026-03-01', '2026-03-31']);
    expect(f.overall).toEqual({
      count: 2,
      turnaroundMedianMs: 38 * H,
      turnaroundP90Ms: Math.round(60.4 * H),
      clientWaitMedianMs: 17 * H,
      clientWaitP90Ms: Math.round(27.4 * H),
    });
    expect(f.byEditor.map((g) => [g.key, g.label, g.count, g.turnaroundMedianMs! / H])).toEqual([
      [id.e1, 'e1', 1, 66],
      [null, 'Unassigned', 1, 10],
    ]);
    expect(f.byClient.map((g) => [g.key, g.clientWaitMedianMs! / H]).sort()).toEqual(
      [
        [id.c1, 30],
        [id.c2, 4],
      ].sort(),
    );
    expect(f.byType).toEqual([expect.objectContaining({ key: 'reel', label: 'Reel', count: 2 })]);
  });

  it('is empty for a range with nothing ready, and February has its own video', async () => {
    const empty = (await get('lead', '/api/lead/turnaround?from=2025-01-01&to=2025-01-31')).json();
    expect(empty.overall).toMatchObject({ count: 0, turnaroundMedianMs: null });
    expect(empty.byEditor).toEqual([]);
    const feb = (await get('lead', '/api/lead/turnaround?from=2026-02-01&to=2026-02-28')).json();
    expect(feb.overall).toMatchObject({
      count: 1,
      turnaroundMedianMs: 10 * H,
      clientWaitMedianMs: 0,
    });
  });

  it('defaults to the last 30 days', async () => {
    const f = (await get('lead', '/api/lead/turnaround')).json() as TurnaroundFigures;
    const today = new Date().toISOString().slice(0, 10);
    expect(f.to).toBe(today);
    expect((Date.parse(f.to) - Date.parse(f.from)) / DAY).toBe(29);
  });

  it('is for managers only, and refuses bad ranges with a clear message', async () => {
    for (const who of ['e1', 'c1']) {
      const res = await get(who, march);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only lead editors and the king can see the lead dashboard');
    }
    const cases: [string, string][] = [
      ['from=2026-03-31&to=2026-03-01', TURNAROUND_MESSAGES.fromAfterTo],
      ['from=March', TURNAROUND_MESSAGES.badDate],
      ['from=2026-02-30', TURNAROUND_MESSAGES.badDate],
      ['from=2020-01-01&to=2026-01-01', TURNAROUND_MESSAGES.tooLong],
    ];
    for (const [query, message] of cases) {
      const res = await get('lead', `/api/lead/turnaround?${query}`);
      expect([query, res.statusCode, res.json().message]).toEqual([query, 400, message]);
    }
  });
});
