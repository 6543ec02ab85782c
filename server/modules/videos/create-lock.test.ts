import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTestSettings } from '../../env';
import { titled, unmet } from '../../test/conditions';
import { setUpVideoPeople } from '../../test/helper';

/**
 * A create is one statement that takes its client's advisory lock before it reads the next
 * ordinal (ADR 0007, "A create in one statement"): every create of a client waits for the one
 * that holds it. Here another session holds the lock; the create must wait for it, then answer
 * the next ordinal. (Without the lock in the statement the create would not wait; the unique
 * index and the locked retry would hide that from every other test.)
 */
const noServer = unmet({ driver: 'postgres' });
const t = setUpVideoPeople();
let holder: pg.Client;

beforeAll(async () => {
  if (noServer) return;
  holder = new pg.Client({ connectionString: readTestSettings().testDatabaseUrl });
  await holder.connect();
});
afterAll(async () => {
  await holder?.end();
});

describe.skipIf(noServer !== '')(titled("a create and its client's lock", noServer), () => {
  it("waits while another session holds the client's lock, then takes the next ordinal", async () => {
    const first = await t.call('owner', 'POST', '/api/videos', {
      name: 'First',
      link: 'https://youtu.be/abc',
    });
    expect(first.statusCode).toBe(201);
    const ordinal = Number(first.json<{ ordinal: string }>().ordinal);

    await holder.query('select pg_advisory_lock(hashtext($1::uuid::text))', [t.id.owner]);
    let answered = false;
    const create = t
      .call('owner', 'POST', '/api/videos', { name: 'Second', link: 'https://youtu.be/abc' })
      .finally(() => (answered = true));
    // The create waits for the client's lock: another session's advisory lock not granted.
    const waiting = async () =>
      answered ||
      ((
        await holder.query(
          `select 1 from pg_locks where locktype = 'advisory' and not granted
             and pid <> pg_backend_pid()`,
        )
      ).rowCount ?? 0) > 0;
    await expect.poll(waiting, { timeout: 5_000, interval: 20 }).toBe(true);
    expect(answered, 'the create answered while the lock was held').toBe(false);
    await holder.query('select pg_advisory_unlock(hashtext($1::uuid::text))', [t.id.owner]);
    const second = await create;
    expect(second.statusCode).toBe(201);
    expect(Number(second.json<{ ordinal: string }>().ordinal)).toBe(ordinal + 1);
  });
});
