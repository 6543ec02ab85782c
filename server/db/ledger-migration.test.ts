import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/helper';
import type { Database } from './client';
import { migrate } from './migrate';
import { rowsOf } from './rows';

/**
 * Migration 0006 on a database that already has paid work: each paid video gets one 'paid'
 * event (its locked price, at its paid date), and each custom type the owner of the first
 * video that used it. The database is migrated to just before 0006, filled, and migrated.
 */
let database: Database;
const q = async <T>(text: string) => rowsOf<T>(await database.db.execute(sql.raw(text)));

beforeAll(async () => {
  // Just before 0006 (the later migrations run after it, as on a server that skipped versions).
  database = await createTestDatabase({ until: '0005_read_cache_notify' });
  await q(`
    insert into users (id, username, password, name, role) values
      ('00000000-0000-4000-8000-000000000001', 'acme', 'x', 'Acme Ltd', 'client'),
      ('00000000-0000-4000-8000-000000000002', 'ed', 'x', '', 'editor'),
      ('00000000-0000-4000-8000-000000000003', 'king', 'x', 'K', 'king')`);
  await q(`
    insert into video_types (name, display_name) values ('acme-special', 'Acme Special'),
      ('kings-own', 'Kings Own')`);
  await q(`
    insert into videos (ordinal, name, type, status, link, user_id, assigned_editor_id,
        payment_status, locked_price, payment_amount, paid_date, created_at) values
      (1, 'Paid locked', 'acme-special', 'posted', 'https://e.com/1',
        '00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002',
        'paid', '12.50', '0.00', '2024-03-05T10:00:00Z', '2024-01-01T00:00:00Z'),
      (2, 'Paid typed', 'vlog', 'posted', 'https://e.com/2',
        '00000000-0000-4000-8000-000000000001', null,
        'paid', null, '7.00', '2024-04-05T10:00:00Z', '2024-01-02T00:00:00Z'),
      (3, 'Unpaid', 'acme-special', 'posted', 'https://e.com/3',
        '00000000-0000-4000-8000-000000000001', null,
        'unpaid', null, '0.00', null, '2024-01-03T00:00:00Z'),
      (1, 'The king''s', 'kings-own', 'draft', 'https://e.com/4',
        '00000000-0000-4000-8000-000000000003', null,
        'unpaid', null, '0.00', null, '2024-01-04T00:00:00Z')`);
  expect((await migrate(database))[0]).toBe('0006_payments_ledger');
});
afterAll(async () => {
  await database.close();
});

describe('migration 0006_payments_ledger', () => {
  it('writes one paid event per paid video, at its paid date, for its locked price', async () => {
    const events = await q<Record<string, unknown>>(`
      select event, video_name, video_type, client_username, client_name, editor_name,
        amount::text as amount, actor_id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as at
      from payment_events order by created_at`);
    expect(events).toEqual([
      {
        event: 'paid',
        video_name: 'Paid locked',
        video_type: 'acme-special',
        client_username: 'acme',
        client_name: 'Acme Ltd',
        editor_name: 'ed',
        amount: '12.50',
        actor_id: null,
        at: '2024-03-05T10:00',
      },
      {
        event: 'paid',
        video_name: 'Paid typed',
        video_type: 'vlog',
        client_username: 'acme',
        client_name: 'Acme Ltd',
        editor_name: null,
        amount: '7.00',
        actor_id: null,
        at: '2024-04-05T10:00',
      },
    ]);
  });

  it('gives each custom type the owner of its first video, the king excepted', async () => {
    const types = await q<{ name: string; owner_id: string | null }>(
      `select name, owner_id from video_types where name in ('acme-special', 'kings-own', 'vlog') order by name`,
    );
    expect(types).toEqual([
      { name: 'acme-special', owner_id: '00000000-0000-4000-8000-000000000001' },
      { name: 'kings-own', owner_id: null },
      { name: 'vlog', owner_id: null },
    ]);
  });
});
