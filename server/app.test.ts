import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
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
  await writeFile(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html><head><title>app shell</title>' +
      '<script type="module" src="/assets/index-1.js"></script></head>' +
      '<body><div id="root"></div></body></html>',
  );
  // The shape of Vite's build manifest (build.manifest in vite.config.ts), cut down.
  await mkdir(path.join(webRoot, '.vite'));
  await writeFile(
    path.join(webRoot, '.vite', 'manifest.json'),
    JSON.stringify({
      'main.tsx': { file: 'assets/index-1.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react-1.js' },
      'app/mantine-shell.tsx': {
        file: 'assets/mantine-shell-1.js',
        imports: ['_mantine.js', 'main.tsx'],
        css: ['assets/mantine-1.css'],
      },
      '_mantine.js': { file: 'assets/mantine-1.js', imports: ['_react.js'] },
      'app/guards/require-auth.tsx': { file: 'assets/require-auth-1.js', imports: ['main.tsx'] },
      'app/layouts/app-layout.tsx': { file: 'assets/app-layout-1.js', imports: ['_mantine.js'] },
      'app/routes/dashboard.tsx': { file: 'assets/dashboard-1.js', imports: ['_mantine.js'] },
      'app/routes/invoicing.tsx': { file: 'assets/invoicing-1.js', imports: ['_mantine.js'] },
      'app/routes/login.tsx': { file: 'assets/login-1.js', imports: ['_mantine.js'] },
      'app/routes/client-dashboard.tsx': {
        file: 'assets/client-dashboard-1.js',
        imports: ['_mantine.js'],
      },
      'app/routes/lead-dashboard.tsx': {
        file: 'assets/lead-dashboard-1.js',
        imports: ['_mantine.js'],
      },
    }),
  );
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

  it("names each screen's files in the page it sends, and shows the loading line at once", async () => {
    const preloads = (body: string) =>
      [...body.matchAll(/<link rel="(modulepreload|preload)"[^>]* href="([^"]+)"/g)].map(
        (m) => m[2],
      );
    const landing = await t.app.inject({ url: '/' });
    expect(preloads(landing.body)).toEqual([]);
    expect(landing.body).toContain('<div id="root"></div>');

    const dashboard = await t.app.inject({ url: '/dashboard?video=1' });
    expect(dashboard.headers['cache-control']).toBe('no-cache');
    expect(preloads(dashboard.body)).toEqual([
      '/assets/mantine-shell-1.js',
      '/assets/mantine-1.js',
      '/assets/require-auth-1.js',
      '/assets/app-layout-1.js',
      '/assets/dashboard-1.js',
      '/assets/mantine-1.css',
    ]);
    // Nothing the entry script loads anyway, and no other screen's code.
    expect(dashboard.body).not.toMatch(/modulepreload[^>]*(index-1|react-1|invoicing-1)/);
    expect(dashboard.body).toMatch(/<div id="root"><main class="boot-screen">.*Loading page\.\.\./);

    expect(preloads((await t.app.inject({ url: '/invoicing/' })).body)).toContain(
      '/assets/invoicing-1.js',
    );
    expect(preloads((await t.app.inject({ url: '/login' })).body)).toEqual([
      '/assets/mantine-shell-1.js',
      '/assets/mantine-1.js',
      '/assets/login-1.js',
      '/assets/mantine-1.css',
    ]);
  });

  it("names the signed-in user's own dashboard, and only that one", async () => {
    await seedUser(t, { username: 'page-client', role: 'client' });
    await seedUser(t, { username: 'page-lead', role: 'lead_editor' });
    const scripts = async (cookie?: string) => {
      const res = await t.app.inject({ url: '/dashboard', headers: cookie ? { cookie } : {} });
      expect(res.headers.vary).toMatch(/cookie/i);
      return [...res.body.matchAll(/modulepreload[^>]* href="\/assets\/([a-z-]+)-1\.js"/g)].map(
        (m) => m[1],
      );
    };
    const anonymous = await scripts();
    expect(anonymous).not.toContain('client-dashboard');
    expect(anonymous).not.toContain('lead-dashboard');
    const client = await scripts(await loginAs(t, 'page-client'));
    expect(client).toContain('client-dashboard');
    expect(client).not.toContain('lead-dashboard');
    const lead = await scripts(await loginAs(t, 'page-lead'));
    expect(lead).toContain('lead-dashboard');
    expect(lead).not.toContain('client-dashboard');
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
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // On API answers and errors too.
    const api = await t.app.inject({ url: '/api/nothing-here' });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['content-security-policy']).toContain("object-src 'none'");
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
