import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/helper';
import type { Database } from './client';
import { migrate } from './migrate';
import { rowsOf } from './rows';

/**
 * Migration 0029 (issue 43): a note written before frames had its time at the start of its text
 * ("Comment at" put it there); that time becomes its frame at 30 fps. Anything else keeps no
 * frame: a time later in the text, an aspect ratio, a number that is not a time.
 */
let database: Database;
const q = async <T>(text: string) => rowsOf<T>(await database.db.execute(sql.raw(text)));

const NOTES: [string, number | null][] = [
  ['1:23 the logo', 83 * 30],
  ['  0:05 flash', 150],
  ['01:02:03 colour', 3723 * 30],
  ['1:02:03 colour', 3723 * 30],
  ['00:01:23:12 cut', 83 * 30 + 12],
  ['12:05', 725 * 30],
  ['Fix the cut at 0:05', null],
  ['9:16 version please', null],
  ['1:60 is not a time', null],
  ['10.1:20 nor this', null],
  ['1:2:3:4', null],
  ['00:00:01:30 frames past the rate', null],
  ['localhost:8080 is down', null],
  ['1:5:00 short minutes', null],
];

beforeAll(async () => {
  database = await createTestDatabase({ until: '0028_money' });
  const [user] = await q<{ id: string }>(
    `insert into users (username, password, role) values ('frames', 'x', 'client') returning id`,
  );
  const [video] = await q<{ id: string }>(
    `insert into videos (user_id, ordinal, name, link) values ('${user!.id}', 1, 'V', 'https://a.io/v')
      returning id`,
  );
  for (const [content] of NOTES) {
    await database.db.execute(
      sql`insert into comments (video_id, user_id, content) values (${video!.id}, ${user!.id}, ${content})`,
    );
  }
  await migrate(database);
}, 300_000);
afterAll(async () => {
  await database.close();
});

describe('migration 0029_frames_drawings', () => {
  it("gives each note the frame of the time at its text's start, at 30 fps", async () => {
    const rows = await q<{ content: string; frame: number | null }>(
      'select content, frame from comments',
    );
    const frames = new Map(rows.map((r) => [r.content, r.frame]));
    for (const [content, frame] of NOTES) expect(frames.get(content), content).toBe(frame);
    expect(await q(`select distinct frame_rate from videos`)).toEqual([{ frame_rate: '30' }]);
  });
});
