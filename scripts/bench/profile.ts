/**
 * A helper for finding where a hot call spends its time: seeds the quick agency on
 * BENCH_DATABASE_URL, then prints the database URL to point `node --cpu-prof server/index.ts`
 * at. `npx tsx scripts/bench/profile.ts [size]`; drop the database afterwards yourself.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { fromPostgres } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { seedAgency } from './seed';

const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) throw new Error('BENCH_DATABASE_URL is required');
const videos = Number(process.argv[2] ?? 10_000);
const name = `vw_profile_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: serverUrl });
await admin.connect();
await admin.query(`create database ${name}`);
await admin.end();
const url = new URL(serverUrl);
url.pathname = `/${name}`;
const database = fromPostgres({ url: url.toString(), max: 2 });
await migrate(database);
await seedAgency(database, {
  clients: Math.max(10, videos / 100),
  editors: 20,
  videos,
  comments: videos * 3,
});
await database.close();
console.log(url.toString());
