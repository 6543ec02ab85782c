/**
 * A helper for finding where a hot call spends its time: seeds the quick agency on
 * BENCH_DATABASE_URL, then prints the database URL to point `node --cpu-prof server/index.ts`
 * at. `npx tsx scripts/bench/profile.ts [size]`; drop the database afterwards yourself.
 */
import { fromPostgres } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';
import { seedAgency } from './seed';
import { createScratchDatabase } from '../../server/test/scratch';

const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) throw new Error('BENCH_DATABASE_URL is required');
const videos = Number(process.argv[2] ?? 10_000);
const scratch = await createScratchDatabase(serverUrl, 'vw_profile');
const database = fromPostgres({ url: scratch.url, max: 2 });
await migrate(database);
await seedAgency(database, {
  clients: Math.max(10, videos / 100),
  editors: 20,
  videos,
  comments: videos * 3,
});
await database.close();
console.log(scratch.url);
