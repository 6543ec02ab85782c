import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app';
import { readSettings } from '../env';
import { describeDatabase, loggerOptions } from '../main';
import { titled, unmet } from '../test/conditions';
import { createTestDatabase, seedUser, type TestApp, createTestApp } from '../test/helper';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('production settings (NODE_ENV=production)', () => {
  it('trusts a proxy on the same host only, and reads TRUST_PROXY', () => {
    expect(readSettings({ NODE_ENV: 'production' })).toMatchObject({
      production: true,
      trustProxy: 'loopback',
      logLevel: 'info',
    });
    expect(readSettings({}).trustProxy).toBe(false);
    expect(readSettings({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(readSettings({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(readSettings({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe(
      '10.0.0.0/8, 127.0.0.1',
    );
    expect(readSettings({ NODE_ENV: 'production', TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(() => readSettings({ TRUST_PROXY: 'yes please!' })).toThrow(/TRUST_PROXY/);
  });

  it('never shows the database password in messages', () => {
    const text = describeDatabase({
      databaseUrl: 'postgres://app:s3cret@db.internal:5432/video',
      dataDir: './data',
    });
    expect(text).toContain('db.internal:5432/video');
    expect(text).not.toContain('s3cret');
  });
});

describe('behind a proxy', () => {
  let t: TestApp;
  let proxied: App;
  let direct: App;

  beforeAll(async () => {
    t = await createTestApp();
    await seedUser(t, { username: 'proxied-user' });
    // The same database behind two apps: one trusting a proxy on loopback (inject's peer is
    // 127.0.0.1), one trusting nobody.
    proxied = await buildApp({
      database: t.database,
      logger: false,
      trustProxy: 'loopback',
      production: true,
      authRateLimit: 2,
    });
    direct = await buildApp({ database: t.database, logger: false, authRateLimit: 2 });
    await Promise.all([proxied.ready(), direct.ready()]);
  });
  afterAll(async () => {
    await proxied.close();
    await direct.close();
    await t.close();
  });

  const login = (app: App, headers: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers,
      payload: { username: 'proxied-user', password: 'secret123' },
    });

  it('gives the session cookie Secure and the __Host- prefix behind https', async () => {
    const res = await login(proxied, {
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '198.51.100.7',
    });
    expect(res.statusCode).toBe(200);
    const header = String(res.headers['set-cookie']);
    expect(header).toMatch(/^__Host-sid=/);
    expect(header).toMatch(/; Secure/);
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; Path=\//);
    expect(header).not.toMatch(/Domain=/i);
    const cookie = header.split(';')[0]!;
    const me = await proxied.inject({
      url: '/api/auth/me',
      headers: { cookie, 'x-forwarded-proto': 'https' },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe('proxied-user');
  });

  it('keeps the plain cookie over http, and ignores forwarded headers it does not trust', async () => {
    const plain = await login(proxied, { 'x-forwarded-for': '198.51.100.8' });
    expect(String(plain.headers['set-cookie'])).toMatch(/^sid=/);
    expect(String(plain.headers['set-cookie'])).not.toMatch(/Secure/);
    const spoofed = await login(direct, {
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '198.51.100.9',
    });
    expect(String(spoofed.headers['set-cookie'])).toMatch(/^sid=/);
  });

  it('over https only __Host-sid authenticates: a planted plain sid is refused (issue 15, finding 6)', async () => {
    const res = await login(proxied, {
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '198.51.100.20',
    });
    const token = String(res.headers['set-cookie']).split(';')[0]!.split('=')[1]!;
    const https = { 'x-forwarded-proto': 'https' };
    const plain = await proxied.inject({
      url: '/api/auth/me',
      headers: { ...https, cookie: `sid=${token}` },
    });
    expect(plain.statusCode).toBe(401);
    // A planted plain cookie beside the real one changes nothing either way.
    const both = await proxied.inject({
      url: '/api/auth/me',
      headers: { ...https, cookie: `sid=planted; __Host-sid=${token}` },
    });
    expect(both.statusCode).toBe(200);
    // And over plain http the __Host- cookie (which a browser sends only over https) is not read.
    const overHttp = await proxied.inject({
      url: '/api/auth/me',
      headers: { cookie: `__Host-sid=${token}` },
    });
    expect(overHttp.statusCode).toBe(401);
  });

  it('checks an Origin against the scheme, host and port the proxy forwards (issue 15, finding 7)', async () => {
    const res = await login(proxied, {
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '198.51.100.21',
    });
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    const write = (origin: string) =>
      proxied.inject({
        method: 'POST',
        url: '/api/notifications/mark-all-read',
        headers: {
          cookie,
          origin,
          host: 'video.example.com',
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'video.example.com',
        },
      });
    expect((await write('https://video.example.com')).statusCode).toBe(200);
    expect((await write('http://video.example.com')).statusCode).toBe(403);
    expect((await write('https://video.example.com:8443')).statusCode).toBe(403);
    expect((await write('https://evil.example')).statusCode).toBe(403);
  });

  it('says no-store on every /api answer, and allows sockets to this site only (issue 15, finding 7)', async () => {
    const res = await login(proxied, {
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '198.51.100.22',
    });
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    expect(res.headers['cache-control']).toBe('no-store');
    for (const url of [
      '/api/auth/me',
      '/api/videos',
      '/api/notifications/count',
      '/api/nothing-here',
    ]) {
      const answer = await proxied.inject({
        url,
        headers: { cookie, 'x-forwarded-proto': 'https' },
      });
      expect(answer.headers['cache-control'], url).toBe('no-store');
    }
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/connect-src[^;]*\b(ws|wss):/);
  });

  it('rate-limits login by the real client address from the proxy', async () => {
    const wrong = (app: App, ip: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { 'x-forwarded-for': ip },
        payload: { username: 'proxied-user', password: 'wrong-password' },
      });
    // Two attempts a minute per address (earlier tests used other addresses).
    expect((await wrong(proxied, '203.0.113.1')).statusCode).toBe(401);
    expect((await wrong(proxied, '203.0.113.1')).statusCode).toBe(401);
    const limited = await wrong(proxied, '203.0.113.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBeTruthy();
    // Another client behind the same proxy keeps its own allowance.
    expect((await wrong(proxied, '203.0.113.2')).statusCode).toBe(401);
    // Without trust, every client behind the proxy is one address (the proxy's): one bucket.
    await wrong(direct, '203.0.113.3');
    await wrong(direct, '203.0.113.4');
    expect((await wrong(direct, '203.0.113.5')).statusCode).toBe(429);
  });

  it('sets the request and keep-alive timeouts', async () => {
    await proxied.listen({ port: 0, host: '127.0.0.1' });
    const server = proxied.server;
    expect(server.requestTimeout).toBe(30_000);
    expect(server.keepAliveTimeout).toBe(72_000);
  });

  it('logs JSON lines with secrets redacted', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const app = await buildApp({
      database: t.database,
      logger: { ...loggerOptions({ logLevel: 'info', production: true }), stream },
      trustProxy: 'loopback',
    });
    try {
      await app.inject({
        url: '/api/ready',
        headers: { cookie: 'sid=top-secret-token', 'x-forwarded-for': '192.0.2.44' },
      });
    } finally {
      await app.close();
    }
    expect(lines.length).toBeGreaterThan(0);
    const parsed = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(parsed.every((l) => typeof l.level === 'number' && typeof l.time === 'number')).toBe(
      true,
    );
    expect(parsed.some((l) => l.msg === 'request completed')).toBe(true);
    // The client's address as the proxy saw it, not the proxy's.
    const incoming = parsed.find((l) => l.msg === 'incoming request') as {
      req: { remoteAddress: string };
    };
    expect(incoming.req.remoteAddress).toBe('192.0.2.44');
    expect(lines.join('\n')).not.toContain('top-secret-token');
  });
});

describe('readiness', () => {
  it('is ready when the database answers and every migration is applied', async () => {
    const t = await createTestApp();
    try {
      const ready = await t.app.inject({ url: '/api/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', database: 'up', migrations: 'applied' });

      await t.database.exec(
        'delete from app_migrations where tag = (select max(tag) from app_migrations)',
      );
      const pending = await t.app.inject({ url: '/api/ready' });
      expect(pending.statusCode).toBe(503);
      expect(pending.json()).toMatchObject({ status: 'not ready', migrations: 'pending' });
      // Liveness stays up: the process is fine, it only must not take traffic.
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('is not ready when the database does not answer', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ database, logger: false });
    await app.ready();
    await database.close();
    try {
      const res = await app.inject({ url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not ready', database: 'down' });
    } finally {
      await app.close().catch(() => {});
    }
  });
});

/** Runs the real entry point and returns its exit code and output once it exits. */
function runServer(env: Record<string, string>, ms: number) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), ms);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

// These start the real process; they do not depend on the test driver, so run them once.
const embeddedOnly = unmet({ driver: 'pglite' });
describe.skipIf(embeddedOnly !== '')(titled('start-up errors', embeddedOnly), () => {
  it('stops with a clear message when DATABASE_URL does not answer', async () => {
    const { code, output } = await runServer(
      { DATABASE_URL: 'postgres://app:hunter22@127.0.0.1:1/video', NODE_ENV: 'production' },
      30_000,
    );
    expect(code).toBe(1);
    expect(output).toContain(
      'Could not reach the PostgreSQL server at postgres://app:***@127.0.0.1:1/video (DATABASE_URL)',
    );
    expect(output).toMatch(/ECONNREFUSED/);
    expect(output).not.toContain('hunter22');
  }, 40_000);

  it('stops with a clear message when a migration fails, and applies none', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'vw-migfail-'));
    try {
      // A table in the way of the first migration.
      const pg = await PGlite.create({ dataDir });
      await pg.exec('create table users (id int)');
      await pg.close();
      const { code, output } = await runServer({ DATA_DIR: dataDir }, 60_000);
      expect(code).toBe(1);
      expect(output).toContain('Database migrations failed on the embedded database in');
      expect(output).toMatch(/"users" already exists/);
      const after = await PGlite.create({ dataDir });
      const tables = await after.query<{ n: number }>(
        "select count(*)::int as n from information_schema.tables where table_name in ('videos', 'app_migrations')",
      );
      await after.close();
      expect(tables.rows[0]!.n).toBe(0);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 70_000);
});
