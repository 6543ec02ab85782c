import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rowsOf } from '../db/rows';

/**
 * The scope triggers installed in the database (migration 0013's vw_cache_touch_rows, 0033's
 * vw_cache_touch_statement), by table: each trigger's arguments.
 */
export async function installedScopeTriggers(db: Db): Promise<Map<string, string[]>> {
  const rows = rowsOf<{ table: string; args: string[] }>(
    await db.execute(sql`select c.relname as "table",
        array(select a from unnest(string_to_array(encode(t.tgargs, 'escape'), '\\000')) a
          where a <> '') as args
      from pg_trigger t
        join pg_class c on c.oid = t.tgrelid
        join pg_proc p on p.oid = t.tgfoid
      where p.proname in ('vw_cache_touch_rows', 'vw_cache_touch_statement') and not t.tgisinternal
        and c.relnamespace = current_schema()::regnamespace`),
  );
  const byTable = new Map<string, string[]>();
  for (const row of rows) byTable.set(row.table, [...(byTable.get(row.table) ?? []), ...row.args]);
  return byTable;
}
