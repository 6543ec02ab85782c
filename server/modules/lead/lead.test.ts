import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { videos } from '../../db/schema';
import { setUpSuite } from '../../test/helper';

const t = setUpSuite([
  ['c1', 'client'],
  ['c2', 'client'],
  ['e1', 'editor'],
  ['lead', 'lead_editor'],
]);
const { id, call } = t;

const DAY = 86_400_000;

beforeAll(async () => {
  const past = new Date(Date.now() - DAY);
  const future = new Date(Date.now() + DAY);
  const rows: [keyof typeof id, string, string, Date | null][] = [
    ['c1', 'Alpha review', 'review', future],
    ['c1', 'Beta review late', 'review', past],
    ['c1', 'Gamma progress', 'in_progress', null],
    ['c1', 'Posted but late', 'posted', past],
    ['c2', 'Delta ready', 'ready_to_post', future],
    ['c2', 'Epsilon draft 100%', 'draft', past],
  ];
  let n = 0;
  for (const [owner, name, status, dueDate] of rows) {
    n += 1;
    await t.db.insert(videos).values({
      userId: id[owner],
      ordinal: sql`${n}`,
      name,
      status,
      dueDate,
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
        needsReview: 2,
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
