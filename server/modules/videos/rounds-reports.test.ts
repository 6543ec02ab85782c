import { describe, expect, it, beforeAll } from 'vitest';
import type { TurnaroundFigures } from '@domain/turnaround';
import type { VideoView } from '@domain/videos';
import { seedVideo, setUpSuite } from '../../test/helper';

/**
 * Issue 41, item 5, through the API alone: videos go through review several times by the real
 * status moves (which record the rounds), then the rounds are read back, exactly, in the list's
 * filter and order, in the invoicing CSV and in the lead dashboard's turnaround figures.
 */
const t = setUpSuite([
  ['owner', 'client', 'false', 'Olive Owner'],
  ['other', 'client', 'false', 'Otto Other'],
  ['editor', 'editor', 'false', 'Eddie Editor'],
  ['lead', 'lead_editor', 'false', 'Lena Lead'],
  ['boss', 'king', 'true', 'The King'],
] as const);

async function move(who: string, videoId: string, status: string, note?: string) {
  const res = await t.call(who, 'PATCH', `/api/videos/${videoId}/status`, { status, note });
  expect(res.statusCode, `${who} → ${status}: ${res.body}`).toBe(200);
  return res.json<VideoView>();
}

/** `changes` requests for changes, then the last round approved, or left open. */
async function walk(owner: 'owner' | 'other', name: string, changes: number, approve: boolean) {
  const video = await seedVideo(t, {
    userId: t.id[owner],
    assignedEditorId: t.id.editor,
    name,
    type: 'vlog',
    status: 'in_progress',
  });
  for (let i = 0; i < changes; i++) {
    await move('editor', video.id, 'review');
    await move(owner, video.id, 'in_progress', `Round ${i + 1}: tighter`);
  }
  await move('editor', video.id, 'review');
  if (approve) await move(owner, video.id, 'ready_to_post');
  return video.id;
}

const names = (res: { json: <T>() => T }) => res.json<{ name: string }[]>().map((v) => v.name);

describe('rounds recorded by the status moves, read back exactly', () => {
  beforeAll(async () => {
    await walk('owner', 'Three approved', 2, true); // 3 rounds, approved
    await walk('owner', 'One approved', 0, true); // 1 round, approved
    await seedVideo(t, { userId: t.id.owner, name: 'Never sent', type: 'vlog' }); // 0 rounds
    await walk('other', 'Three open', 2, false); // 3 rounds, the last still open
    await walk('other', 'Two approved', 1, true); // 2 rounds, approved
  });

  it('each video counts its rounds, and GET /api/videos/{id}/rounds lists them', async () => {
    const all = (await t.call('lead', 'GET', '/api/videos')).json<VideoView[]>();
    expect(Object.fromEntries(all.map((v) => [v.name, v.rounds]))).toEqual({
      'Three approved': 3,
      'One approved': 1,
      'Never sent': 0,
      'Three open': 3,
      'Two approved': 2,
    });
    const three = all.find((v) => v.name === 'Three approved')!;
    const rounds = (await t.call('lead', 'GET', `/api/videos/${three.id}/rounds`)).json<
      { number: number; decision: string | null }[]
    >();
    expect(rounds.map((r) => [r.number, r.decision])).toEqual([
      [1, 'changes_requested'],
      [2, 'changes_requested'],
      [3, 'approved'],
    ]);
  });

  it('filters by more than N rounds and sorts by rounds, as each viewer may read', async () => {
    expect(names(await t.call('lead', 'GET', '/api/videos?roundsOver=1'))).toEqual([
      'Two approved',
      'Three open',
      'Three approved',
    ]);
    expect(names(await t.call('lead', 'GET', '/api/videos?roundsOver=2&sort=rounds'))).toEqual([
      'Three open',
      'Three approved',
    ]);
    expect(names(await t.call('lead', 'GET', '/api/videos?sort=rounds'))).toEqual([
      'Three open',
      'Three approved',
      'Two approved',
      'One approved',
      'Never sent',
    ]);
    // The owner reads her own videos only.
    expect(names(await t.call('owner', 'GET', '/api/videos?sort=rounds&roundsOver=0'))).toEqual([
      'Three approved',
      'One approved',
    ]);
  });

  it('the invoicing CSV gives each completed video its rounds', async () => {
    const res = await t.call('boss', 'GET', '/api/admin/invoicing.csv?dateFilter=all');
    expect(res.statusCode, res.body).toBe(200);
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    const column = lines[0]!.split(',').indexOf('Rounds');
    const rows = lines
      .slice(1, -1)
      .map((line) => [line.split(',')[0], line.split(',')[column]])
      .sort();
    expect(rows).toEqual([
      ['One approved', '1'],
      ['Three approved', '3'],
      ['Two approved', '2'],
    ]);
  });

  it('the turnaround figures give rounds per video: median and 90th percentile by group', async () => {
    const res = await t.call('lead', 'GET', '/api/lead/turnaround');
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json<TurnaroundFigures>();
    // Ready today: 3, 1 and 2 rounds (the open one is not ready).
    expect([f.overall.count, f.overall.roundsMedian, f.overall.roundsP90]).toEqual([3, 2, 2.8]);
    expect(f.byClient.map((g) => [g.label, g.count, g.roundsMedian, g.roundsP90])).toEqual([
      ['Olive Owner', 2, 2, 2.8],
      ['Otto Other', 1, 2, 2],
    ]);
    expect(f.byEditor.map((g) => [g.label, g.roundsMedian, g.roundsP90])).toEqual([
      ['Eddie Editor', 2, 2.8],
    ]);
    expect(f.byType.map((g) => [g.key, g.roundsMedian, g.roundsP90])).toEqual([['vlog', 2, 2.8]]);
  });
});
