/**
 * Seeds an agency of the given size in plain SQL (generate_series), fast enough for 100,000
 * videos and 300,000 comments on a PostgreSQL server in seconds. Every account's password is
 * BENCH_PASSWORD, hashed once.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../server/db/client';
import { hashPassword } from '../../server/lib/passwords';

export const BENCH_PASSWORD = 'bench-pass-1';

/**
 * Every account gets an avatar of a realistic size: the header's upload makes a 256 px webp of
 * ~36 KB. Lists and session lookups that carried it would show it here (they carry its URL).
 */
const AVATAR_HEX = randomBytes(36 * 1024).toString('hex');

export interface AgencySize {
  clients: number;
  editors: number;
  videos: number;
  comments: number;
}

const TYPES = [
  'consultation',
  'voice-over',
  'action-reel',
  'before-after',
  'talking-head',
  'personal-story',
  'vlog',
  'funny',
];
const STATUSES = ['draft', 'in_progress', 'review', 'ready_to_post', 'posted'];

const sqlList = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;

export async function seedAgency(database: Database, size: AgencySize) {
  const hash = (await hashPassword(BENCH_PASSWORD)).replaceAll("'", "''");
  await database.exec(`
    insert into users (username, password, name, role, is_admin)
    values ('bench-lead', '${hash}', 'Bench Lead', 'lead_editor', 'false'),
           ('bench-king', '${hash}', 'Bench King', 'king', 'true');

    insert into users (username, password, name, role, is_vip)
    select 'bench-client-' || n, '${hash}', 'Client ' || n, 'client', n % 25 = 0
      from generate_series(1, ${size.clients}) n;

    insert into users (username, password, name, role)
    select 'bench-editor-' || n, '${hash}', 'Editor ' || n, 'editor'
      from generate_series(1, ${size.editors}) n;

    insert into client_editor_assignments (client_id, editor_id)
    select c.id, e.id
      from users c
      join users e on e.username = 'bench-editor-' || (1 + (substr(c.username, 14)::int % ${size.editors}))
     where c.username like 'bench-client-%';

    insert into user_avatars (user_id, content_type, bytes)
    select id, 'image/webp', decode('${AVATAR_HEX}', 'hex') from users;
    update users set avatar_version = left(md5(id::text), 16);
  `);
  // Videos: client n owns every video i with i % clients = n - 1; its ordinal is i / clients + 1.
  await database.exec(`
    insert into videos (user_id, assigned_editor_id, ordinal, name, type, status, link,
                        start_date, due_date, created_at, duration, payment_amount)
    select c.id,
           case when i % 7 = 0 then null else a.editor_id end,
           i / ${size.clients} + 1,
           'Video ' || i || ' for client ' || (i % ${size.clients} + 1),
           (${sqlList(TYPES)})[1 + i % 8],
           (${sqlList(STATUSES)})[1 + i % 5],
           'https://youtu.be/v' || lpad(i::text, 9, '0'),
           now() - make_interval(days => i % 120),
           now() + make_interval(days => (i % 30) - 10),
           now() - make_interval(secs => i * 7),
           30 + i % 600,
           0
      from generate_series(0, ${size.videos - 1}) i
      join users c on c.username = 'bench-client-' || (i % ${size.clients} + 1)
      left join client_editor_assignments a on a.client_id = c.id;

    update videos set finish_date = start_date + interval '3 days'
     where status in ('ready_to_post', 'posted');
  `);
  await database.exec(`
    with numbered as (
      select id, user_id, row_number() over (order by id) - 1 as n from videos
    )
    insert into comments (video_id, user_id, content, created_at)
    select v.id, v.user_id, 'Comment ' || i || ': looks good at 0:42, @bench-lead',
           now() - make_interval(secs => i)
      from generate_series(0, ${size.comments - 1}) i
      join numbered v on v.n = i % ${size.videos};

    insert into notifications (recipient_id, type, title, message, video_id, is_read)
    select v.user_id, 'comment', 'New comment', 'New comment on "' || v.name || '"', v.id, v.ordinal % 3 = 0
      from videos v
     where v.ordinal <= 20;
  `);
  // The read cache's counters of an agency in use: every scope a label names has been moved by
  // some commit (its people's creation, their videos', their assignments'), while the bulk load
  // above, one statement of thousands of rows, moved only 'global' and one stripe (migration
  // 0013). Without them the table is a few rows and every label reads it as such.
  await database.exec(`
    insert into cache_scopes (scope, slot, version)
    select s, 0, 1 from (
      select 'user:' || id as s from users
      union select 'pairs:' || id from users where role = 'editor'
      union select 'all:' || n from generate_series(0, 7) n
      union select 'global'
    ) scopes
    on conflict do nothing;
  `);
  // What autovacuum does after a bulk load on a server that runs it (this machine's has it off):
  // the planner's statistics, and the visibility map, without which an index-only scan (the
  // overdue tile's, migration 0018) reads every row's page as well. Alone: VACUUM refuses to run
  // in a transaction, which several statements in one call are.
  await database.exec('vacuum analyze');
  // And what a server in use has long done: the bulk load's pages written out. Without it the
  // checkpoint after the load (a gigabyte at 1,000,000 videos) ran while the reads were timed:
  // --scale's reads at that size measured 177 requests/s against ~1,000 once it had finished.
  await database.exec('checkpoint');
}
