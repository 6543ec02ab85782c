import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/helper';
import { recordStatements } from '../test/statements';
import type { Database } from './client';
import { driverValues, preparedFamily } from './prepared';
import { videos } from './schema';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

describe('a family of prepared statements', () => {
  it('names the first 32 shapes and sends the ones after them unnamed, each giving its answer', async () => {
    const family = preparedFamily(
      'family_test',
      (n: number) => String(n),
      (db, n) =>
        db
          .select({ sum: sql<number>`${sql.placeholder('x')}::int + ${n}` })
          .from(sql`(select 1) as one`),
    );
    const statements = recordStatements(database);
    for (let n = 0; n < 40; n++) {
      for (const x of [1, 2]) {
        const sent = await statements.sentDuring(async () => {
          const [row] = await family(database.db, n).execute({ x });
          expect(Number(row!.sum)).toBe(x + n);
        });
        expect(sent).toHaveLength(1);
        const named = database.kind === 'postgres' && n < 32;
        expect(sent[0]!.name ? 'named' : 'unnamed', `shape ${n}`).toBe(named ? 'named' : 'unnamed');
      }
    }
  });

  it("encodes a row's values as the driver takes them, refusing a column named as another placeholder", () => {
    const at = new Date('2026-11-29T10:00:00Z');
    expect(
      driverValues(videos, { finishDate: null, statusChangedAt: at, duration: undefined }, []),
    ).toEqual({ finishDate: null, statusChangedAt: at.toISOString() });
    expect(() => driverValues(videos, { status: 'draft' }, ['status'])).toThrow(/status/);
    expect(() => driverValues(videos, { nope: 1 }, [])).toThrow(/no column nope/);
  });
});
