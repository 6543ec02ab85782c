/**
 * The benchmark's yardstick: a bare Fastify route in a process of its own, answering the same
 * small JSON the health check does, with no database and no hooks.
 */
import Fastify from 'fastify';
import { readSettings } from '../../server/env';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 'ok' }));
app.get('/api/health', async () => ({ status: 'ok' }));
await app.listen({ port: readSettings().port, host: '127.0.0.1' });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
