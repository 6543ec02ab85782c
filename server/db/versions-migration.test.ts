import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roundDecision } from '@domain/versions';
import { createTestDatabase } from '../test/helper';
import type { Database } from './client';
import { loadDemo } from './demo';
import { migrate } from './migrate';
import { rowsOf } from './rows';
import { ensureKing } from './seed';

/**
 * Migration 0025 (issue 41) on the demo agency: every video keeps its link (as its source, with
 * no version), and its comments, status history and payments ledger rows stay exactly as they
 * were; the past rounds read from the history are the ones the rule of
 * docs/rules.md#versions-and-review-rounds gives.
 *
 * The demo is loaded by the app's own code, which writes with today's schema, so the database is
 * migrated fully, the demo loaded, and 0025 then taken out (its tables and columns dropped, its
 * row in app_migrations deleted): the database 0024 left, holding the demo. Migrating applies
 * 0025 alone, as an upgrade does.
 */
let database: Database;
const q = async <T>(text: string) => rowsOf<T>(await database.db.execute(sql.raw(text)));

/** Each table's rows as JSON, without the columns 0025 adds, in a fixed order. */
const SNAPSHOTS = {
  videos: `select to_jsonb(t) - 'current_version' - 'rounds' as row from videos t order by id`,
  comments: `select to_jsonb(t) - 'version' - 'done_at' - 'done_by_id' - 'carried_from' as row
    from comments t order by id`,
  history: `select to_jsonb(t) as row from video_status_history t order by id`,
  ledger: `select to_jsonb(t) as row from payment_events t order by id`,
  reviewLinkVideos: `select to_jsonb(t) - 'version' as row from review_link_videos t
    order by link_id, video_id`,
} as const;
type Snapshot = Record<keyof typeof SNAPSHOTS, unknown[]>;

async function snapshot(): Promise<Snapshot> {
  const entries = await Promise.all(
    Object.entries(SNAPSHOTS).map(async ([name, text]) => [
      name,
      (await q<{ row: unknown }>(text)).map((r) => r.row),
    ]),
  );
  return Object.fromEntries(entries) as Snapshot;
}

let before: Snapshot;
let applied: string[];

beforeAll(async () => {
  database = await createTestDatabase();
  await ensureKing(database.db, { password: 'king-secret', generate: () => 'unused' });
  expect((await loadDemo(database.db)).created).toBe(true);
  // Back to before 0025: what later migrations built on its columns goes first (0035's
  // webhook trigger on comments reads carried_from; the triggers on its tables go with them).
  await database.exec(`
    drop trigger comments_webhooks on comments;
    drop table review_rounds;
    drop table video_versions;
    drop table agency_settings;
    alter table videos drop column current_version, drop column rounds;
    alter table comments drop column version, drop column done_at, drop column done_by_id,
      drop column carried_from;
    alter table review_link_videos drop column version;
    delete from app_migrations where tag = '0025_versions_rounds'`);
  before = await snapshot();
  applied = await migrate(database);
}, 300_000);
afterAll(async () => {
  await database.close();
});

describe('migration 0025_versions_rounds on the demo agency', () => {
  it('applies alone and keeps every link, comment, history entry and ledger row identical', async () => {
    expect(applied).toEqual(['0025_versions_rounds']);
    expect(before.videos.length).toBeGreaterThan(100);
    expect(before.comments.length).toBeGreaterThan(0);
    expect(before.history.length).toBeGreaterThan(before.videos.length);
    expect(before.ledger.length).toBeGreaterThan(0);
    expect(await snapshot()).toEqual(before);
  });

  it('leaves every video on its source, every comment on the source and open', async () => {
    expect(await q(`select count(*)::int as n from videos where current_version <> 0`)).toEqual([
      { n: 0 },
    ]);
    expect(await q(`select count(*)::int as n from video_versions`)).toEqual([{ n: 0 }]);
    expect(
      await q(`select count(*)::int as n from comments
        where version is not null or done_at is not null or done_by_id is not null
          or carried_from is not null`),
    ).toEqual([{ n: 0 }]);
    expect(await q(`select review_reminder_days as days from agency_settings`)).toEqual([
      { days: [3, 7] },
    ]);
  });

  it('backfills the rounds the status history gives, and counts them on each video', async () => {
    type Step = {
      video_id: string;
      to_status: string;
      changed_by_id: string | null;
      guest_name: string | null;
      at: string;
    };
    const steps = await q<Step>(`select video_id, to_status, changed_by_id, guest_name,
        to_char(changed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') as at
      from video_status_history order by video_id, changed_at, id`);
    // The rule, step by step: each entry into review begins a round on the source; the next
    // step decides it (domain/versions.ts roundDecision), none yet: open.
    const expected: Record<string, unknown[]> = {};
    steps.forEach((step, i) => {
      if (step.to_status !== 'review') return;
      const next = steps[i + 1]?.video_id === step.video_id ? steps[i + 1] : undefined;
      const rounds = (expected[step.video_id] ??= []);
      rounds.push({
        number: rounds.length + 1,
        version: null,
        sent_by_id: step.changed_by_id,
        sent_at: step.at,
        decision: next ? roundDecision(next.to_status) : null,
        decided_by_id: next?.changed_by_id ?? null,
        decided_by_guest: next?.guest_name ?? null,
        decided_at: next?.at ?? null,
        decided_for_client: false,
      });
    });
    const rows = await q<{ video_id: string } & Record<string, unknown>>(`select video_id, number,
        version, sent_by_id, to_char(sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') as sent_at,
        decision, decided_by_id, decided_by_guest,
        to_char(decided_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS') as decided_at,
        decided_for_client
      from review_rounds order by video_id, number`);
    const got: Record<string, unknown[]> = {};
    for (const { video_id, ...round } of rows) (got[video_id] ??= []).push(round);
    expect(got).toEqual(expected);

    // Not a vacuous walk: the demo has videos sent back and approved, and ones still waiting.
    const all = Object.values(expected).flat() as { decision: string | null }[];
    for (const decision of ['changes_requested', 'approved', null]) {
      expect(
        all.some((r) => r.decision === decision),
        String(decision),
      ).toBe(true);
    }
    const counts = await q<{ id: string; rounds: number }>(`select id, rounds from videos`);
    for (const video of counts) {
      expect(video.rounds, video.id).toBe(expected[video.id]?.length ?? 0);
    }
  });
});
