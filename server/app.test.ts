import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureKing } from './db/seed';
import { migrate } from './db/migrate';
import { createTestApp, createTestDatabase, loginAs, seedUser, type TestApp } from './test/helper';
import { LOG_REDACT } from './app';
import { Writable } from 'node:stream';
import { verifyPassword } from './lib/passwords';
import { users } from './db/schema';
import { eq } from 'drizzle-orm';

let t: TestApp;
let webRoot: string;

beforeAll(async () => {
  webRoot = await mkdtemp(path.join(tmpdir(), 'vw-web-'));
  await writeFile(path.join(webRoot, 'index.html'), '<!doctype html><title>app shell</title>');
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  await rm(webRoot, { recursive: true, force: true });
});

describe('health and routing', () => {
  it('answers GET /api/health without a session', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'up' });
  });

  it('serves the web app for client-side routes (SPA fallback)', async () => {
    for (const url of ['/', '/dashboard', '/dashboard/user/123', '/no/such/page']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('app shell');
    }
  });

  it('keeps an unknown /api route a JSON 404', async () => {
    const res = await t.app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/not found/);
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('first start', () => {
  it('creates the king once, with the given password, and migrations are idempotent', async () => {
    const database = await createTestDatabase();
    try {
      expect(await migrate(database)).toEqual([]);
      const first = await ensureKing(database.db, {
        password: 'kingpass1',
        generate: () => 'unused',
      });
      expect(first).toEqual({ created: true });
      const second = await ensureKing(database.db, {
        password: 'other-pass',
        generate: () => 'unused',
      });
      expect(second).toEqual({ created: false });
      const [king] = await database.db.select().from(users).where(eq(users.username, 'king'));
      expect(king).toMatchObject({ role: 'king', isAdmin: 'true' });
      expect(await verifyPassword(king!.password, 'kingpass1')).toBe(true);
    } finally {
      await database.close();
    }
  });

  it('generates and reports a password when none is set', async () => {
    const database = await createTestDatabase();
    try {
      const result = await ensureKing(database.db, {
        password: undefined,
        generate: () => 'generated-123',
      });
      expect(result).toEqual({ created: true, generatedPassword: 'generated-123' });
    } finally {
      await database.close();
    }
  });
});

describe('request logging', () => {
  it('logs requests without cookies or passwords', async () => {
    const lines: string[] = [];
    const text = () => lines.join('');
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await createTestApp({ logger: { level: 'info', stream, redact: LOG_REDACT } });
    try {
      await seedUser(logged, { username: 'logme', password: 'hunter2hunter2' });
      const cookie = await loginAs(logged, 'logme', 'hunter2hunter2');
      await logged.app.inject({ url: '/api/auth/me', headers: { cookie } });
      // Whatever a handler or error path logs goes through the same redaction.
      logged.app.log.info({ req: { headers: { cookie } }, body: { password: 'hunter2hunter2' } });
      expect(text()).toContain('[Redacted]');
      expect(text()).toContain('/api/auth/me');
      expect(text()).not.toContain(cookie.slice('sid='.length));
      expect(text()).not.toContain('hunter2hunter2');
    } finally {
      await logged.close();
    }
  });
});
