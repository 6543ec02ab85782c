import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import https from 'node:https';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readTestSettings } from '../env';
import { DATABASE_UNAVAILABLE } from '@domain/health';
import { titled, unmet, which } from '../test/conditions';
import { createScratchDatabase, freePort, type ScratchDatabase } from '../test/scratch';
import { openAt, openSocket, type TestSocket } from '../test/socket';

/**
 * docs/deploy.md, run for real on loopback: two app processes on one PostgreSQL database behind
 * nginx (https, the configuration from the docs). Runs where nginx, openssl and the PostgreSQL
 * server are available (CI installs nginx) and is skipped elsewhere, saying what is missing; the
 * check that the documented configuration still has the lines this test adapts runs everywhere.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The first ```nginx block of docs/deploy.md. */
async function documentedConfig(): Promise<string> {
  const text = await readFile(path.join(root, 'docs/deploy.md'), 'utf8');
  const block = /```nginx\n([\s\S]*?)```/.exec(text)?.[1];
  if (!block) throw new Error('docs/deploy.md has no ```nginx block');
  return block;
}

/** The documented lines the test replaces for loopback; each must be there exactly once. */
function adaptConfig(
  config: string,
  values: { a: number; b: number; http: number; https: number; cert: string; key: string },
): string {
  const replacements: [string, string][] = [
    ['server 127.0.0.1:5001 ', `server 127.0.0.1:${values.a} `],
    ['server 127.0.0.1:5002 ', `server 127.0.0.1:${values.b} `],
    ['listen 80;', `listen 127.0.0.1:${values.http};`],
    ['listen 443 ssl;', `listen 127.0.0.1:${values.https} ssl;`],
    ['/etc/letsencrypt/live/video.example.com/fullchain.pem', values.cert],
    ['/etc/letsencrypt/live/video.example.com/privkey.pem', values.key],
  ];
  let out = config;
  for (const [from, to] of replacements) {
    const count = out.split(from).length - 1;
    if (count !== 1) {
      throw new Error(`docs/deploy.md: expected "${from}" once in the nginx block, found ${count}`);
    }
    out = out.replace(from, to);
  }
  return out;
}

describe('the documented nginx configuration', () => {
  it('has the lines the integration test adapts to loopback', async () => {
    const adapted = adaptConfig(await documentedConfig(), {
      a: 1,
      b: 2,
      http: 3,
      https: 4,
      cert: '/c',
      key: '/k',
    });
    expect(adapted).toContain('location = /ws');
    expect(adapted).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(adapted).toMatch(/proxy_next_upstream error timeout http_502 http_504;/);
  });

  it("passes the app's 503 through: nginx neither retries it nor counts it as a failure", async () => {
    // Issue 38, obs 6: with http_503 in proxy_next_upstream (and max_fails=1) a PostgreSQL
    // outage marked both instances down and clients got nginx's HTML 502 for their writes.
    const retried = /proxy_next_upstream ([^;]*);/.exec(await documentedConfig())?.[1];
    expect(retried?.split(/\s+/)).not.toContain('http_503');
  });

  it('sets every forwarded header itself in each location, never passing a client one on', async () => {
    // The app believes X-Forwarded-Host from nginx for its Origin check (issue 15, finding 7):
    // a header a client sent must never get through.
    const config = await documentedConfig();
    const locations = config.split(/\n\s*location /).slice(1);
    expect(locations.length).toBe(2);
    for (const block of locations) {
      for (const line of [
        'proxy_set_header Host $http_host;',
        'proxy_set_header X-Forwarded-Host $http_host;',
        'proxy_set_header X-Forwarded-For $remote_addr;',
        'proxy_set_header X-Forwarded-Proto $scheme;',
      ]) {
        expect(block, line).toContain(line);
      }
    }
  });
});

const settings = readTestSettings();
const nginxBin = which('nginx');
const opensslBin = which('openssl');
const missing = unmet({ driver: 'postgres', commands: ['nginx', 'openssl'] });

// ---------------------------------------------------------------------------------------------

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** The same session as the plain-http cookie, for calls straight to an instance. */
const plainCookie = (cookie: string) => cookie.replace(/^__Host-sid=/, 'sid=');

const until = (check: () => boolean, ms: number, what: string) =>
  vi.waitFor(
    () => {
      if (!check()) throw new Error(`timed out waiting for ${what}`);
    },
    { timeout: ms, interval: 50 },
  );

/**
 * A TCP relay in front of the PostgreSQL server, which the test can cut and restore: an outage of
 * the instances' database, as they meet one (connections reset, new ones refused), without
 * stopping the shared server the other suites use.
 */
class DatabaseRelay {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  async up() {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.server = server;
  }

  async down() {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.resetAndDestroy();
    await new Promise((resolve) => server?.close(resolve));
  }
}

describe.skipIf(missing !== '')(
  titled('two instances on one PostgreSQL behind nginx (docs/deploy.md)', missing),
  () => {
    let dir: string;
    let relay: DatabaseRelay | undefined;
    let scratch: ScratchDatabase | undefined;
    let ca: Buffer;
    let agent: https.Agent;
    let proxyPort: number;
    const ports: number[] = [];
    const instances: ChildProcess[] = [];
    const outputs: string[] = [];
    let nginx: ChildProcess | undefined;
    let nginxLog = '';
    const kingPassword = randomBytes(9).toString('base64url');

    /** A request through nginx over https (the CA is the test's self-signed certificate). */
    const viaProxy = (
      method: string,
      url: string,
      opts: { body?: unknown; cookie?: string } = {},
    ): Promise<Reply> =>
      new Promise((resolve, reject) => {
        const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
        const req = https.request(
          {
            host: '127.0.0.1',
            port: proxyPort,
            method,
            path: url,
            agent,
            headers: {
              ...(payload ? { 'content-type': 'application/json' } : {}),
              ...(opts.cookie ? { cookie: opts.cookie } : {}),
            },
          },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (c: string) => (body += c));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body }),
            );
          },
        );
        req.on('error', reject);
        req.end(payload);
      });

    /** A request straight to one instance, bypassing nginx. */
    const direct = async (
      port: number,
      method: string,
      url: string,
      opts: { body?: unknown; cookie?: string } = {},
    ) => {
      const res = await fetch(`http://127.0.0.1:${port}${url}`, {
        method,
        headers: {
          ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(opts.cookie ? { cookie: opts.cookie } : {}),
        },
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      });
      return { status: res.status, headers: res.headers, body: await res.text() };
    };

    const waitReady = (port: number, index: number) =>
      vi.waitFor(
        async () => {
          if (instances[index]!.exitCode !== null)
            throw new Error(`instance on ${port} exited:\n${outputs[index]}`);
          const res = await fetch(`http://127.0.0.1:${port}/api/ready`).catch(() => null);
          if (res?.status !== 200)
            throw new Error(`instance on ${port} did not become ready:\n${outputs[index]}`);
        },
        { timeout: 90_000, interval: 100 },
      );

    beforeAll(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'vw-nginx-'));
      await chmod(dir, 0o755);
      for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'logs']) {
        await mkdir(path.join(dir, sub), { mode: 0o777 });
      }

      // A database of its own, as in production (the public schema, not a test schema).
      scratch = await createScratchDatabase(settings.testDatabaseUrl!, 'vw_nginx');
      // The instances reach it through a relay the outage test cuts.
      const database = new URL(scratch.url);
      relay = new DatabaseRelay(await freePort(), {
        host: database.hostname,
        port: Number(database.port || 5432),
      });
      await relay.up();
      database.host = `127.0.0.1:${relay.port}`;
      const databaseUrl = database.toString();

      // A self-signed certificate for 127.0.0.1, trusted by this test's client only.
      const cert = path.join(dir, 'cert.pem');
      const key = path.join(dir, 'key.pem');
      const made = spawnSync(opensslBin!, [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ]);
      if (made.status !== 0) throw new Error(`openssl failed: ${String(made.stderr)}`);
      ca = await readFile(cert);
      agent = new https.Agent({ keepAlive: true, ca, maxSockets: 4 });

      ports.push(await freePort(), await freePort());
      proxyPort = await freePort();
      const httpPort = await freePort();

      // Both instances start at the same moment, as systemd would start them.
      for (const port of ports) {
        const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
          cwd: root,
          env: {
            PATH: process.env.PATH,
            NODE_ENV: 'production',
            DATABASE_URL: databaseUrl,
            KING_PASSWORD: kingPassword,
            HOST: '127.0.0.1',
            PORT: String(port),
            LOG_LEVEL: 'warn',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const index = instances.length;
        outputs[index] = '';
        child.stdout.on('data', (d) => (outputs[index] += d));
        child.stderr.on('data', (d) => (outputs[index] += d));
        instances.push(child);
      }
      await Promise.all(ports.map((port, i) => waitReady(port, i)));

      const conf = adaptConfig(await documentedConfig(), {
        a: ports[0]!,
        b: ports[1]!,
        http: httpPort,
        https: proxyPort,
        cert,
        key,
      });
      const asRoot = process.getuid?.() === 0;
      await writeFile(
        path.join(dir, 'nginx.conf'),
        `${asRoot ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/logs/error.log warn;
events { worker_connections 512; }
http {
  access_log ${dir}/logs/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${conf}
}
`,
      );
      const check = spawnSync(nginxBin!, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], {
        encoding: 'utf8',
      });
      if (check.status !== 0) throw new Error(`nginx -t failed: ${check.stderr}`);
      nginx = spawn(nginxBin!, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      nginx.stderr!.on('data', (d) => (nginxLog += d));
      await vi.waitFor(
        async () => {
          const ok = await viaProxy('GET', '/api/ready').then(
            (r) => r.status === 200,
            () => false,
          );
          if (!ok) throw new Error(`nginx did not answer: ${nginxLog}`);
        },
        { timeout: 15_000, interval: 100 },
      );
    }, 150_000);

    afterAll(async () => {
      agent?.destroy();
      nginx?.kill('SIGTERM');
      for (const child of instances) if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.all(
        [nginx, ...instances]
          .filter((c): c is ChildProcess => !!c && c.exitCode === null && c.signalCode === null)
          .map(
            (c) =>
              new Promise((r) => {
                const t = setTimeout(() => {
                  c.kill('SIGKILL');
                  r(null);
                }, 10_000);
                c.on('exit', () => {
                  clearTimeout(t);
                  r(null);
                });
              }),
          ),
      );
      await relay?.down();
      await scratch?.drop().catch(() => {});
      if (dir) await rm(dir, { recursive: true, force: true });
    }, 60_000);

    let kingCookie = '';
    let clientCookie = '';

    it('serves the app over https, with the __Host- session cookie', async () => {
      const login = await viaProxy('POST', '/api/auth/login', {
        body: { username: 'king', password: kingPassword },
      });
      expect(login.status, login.body).toBe(200);
      const setCookie = String(login.headers['set-cookie']);
      expect(setCookie).toMatch(/^__Host-sid=/);
      expect(setCookie).toMatch(/; Secure/);
      kingCookie = setCookie.split(';')[0]!;
      // nginx spreads requests over both instances; every one of them knows the session.
      for (let i = 0; i < 4; i++) {
        const me = await viaProxy('GET', '/api/auth/me', { cookie: kingCookie });
        expect(me.status).toBe(200);
      }
    });

    it('accepts a login made through one instance on the other', async () => {
      // Through nginx (whichever instance took it) and straight to each instance, over plain
      // http, where the session is the plain cookie (a browser sends __Host- ones over https only).
      for (const port of ports) {
        const me = await direct(port, 'GET', '/api/auth/me', { cookie: plainCookie(kingCookie) });
        expect(me.status, `instance ${port}`).toBe(200);
        expect(JSON.parse(me.body).username).toBe('king');
      }
      const [a, b] = ports as [number, number];
      const onA = await direct(a, 'POST', '/api/auth/login', {
        body: { username: 'king', password: kingPassword },
      });
      expect(onA.status).toBe(200);
      const cookie = onA.headers.get('set-cookie')!.split(';')[0]!;
      expect((await direct(b, 'GET', '/api/auth/me', { cookie })).status).toBe(200);
      // And a logout through B ends it on A.
      expect((await direct(b, 'POST', '/api/auth/logout', { cookie })).status).toBe(200);
      expect((await direct(a, 'GET', '/api/auth/me', { cookie })).status).toBe(401);
    });

    it('delivers a notification caused through one instance to sockets held by the other', async () => {
      const register = await viaProxy('POST', '/api/auth/register', {
        body: { username: 'client.nginx', password: 'secret123' },
      });
      expect(register.status, register.body).toBe(201);
      const login = await viaProxy('POST', '/api/auth/login', {
        body: { username: 'client.nginx', password: 'secret123' },
      });
      clientCookie = String(login.headers['set-cookie']).split(';')[0]!;
      const video = await viaProxy('POST', '/api/videos', {
        cookie: clientCookie,
        body: { name: 'Behind the proxy', link: 'youtu.be/abcdefghijk' },
      });
      expect(video.status, video.body).toBe(201);
      const videoId = (JSON.parse(video.body) as { id: string }).id;

      const [a, b] = ports as [number, number];
      const sockets = {
        onA: await openAt(`127.0.0.1:${a}`, { cookie: plainCookie(clientCookie) }),
        onB: await openAt(`127.0.0.1:${b}`, { cookie: plainCookie(clientCookie) }),
        viaNginx: await openSocket(`wss://127.0.0.1:${proxyPort}/ws`, {
          ca,
          headers: { cookie: clientCookie, origin: `https://127.0.0.1:${proxyPort}` },
        }),
      };
      try {
        for (const [name, s] of Object.entries(sockets)) {
          await s.until(() => s.received.some((m) => m.type === 'count_update'), 10_000, name);
        }
        const got = (s: TestSocket, text: string) =>
          s.received.some(
            (m) => m.type === 'notification' && JSON.stringify(m.data).includes(text),
          );

        // The king comments through instance A: the client's socket on B hears of it.
        const first = await direct(a, 'POST', `/api/videos/${videoId}/comments`, {
          cookie: plainCookie(kingCookie),
          body: { content: 'Caused on A' },
        });
        expect(first.status, first.body).toBe(201);
        for (const [name, s] of Object.entries(sockets)) {
          await s.until(() => got(s, 'Behind the proxy'), 10_000, `notification on ${name}`);
        }
        // Once, not twice: B's pong comes after whatever B had sent this socket by then.
        await sockets.onB.roundTrip();
        const countOnB = () => sockets.onB.received.filter((m) => m.type === 'notification').length;
        expect(countOnB()).toBe(1);

        // And the other way round.
        const second = await direct(b, 'POST', `/api/videos/${videoId}/comments`, {
          cookie: plainCookie(kingCookie),
          body: { content: 'Caused on B' },
        });
        expect(second.status).toBe(201);
        await sockets.onA.until(
          () => sockets.onA.received.filter((m) => m.type === 'notification').length === 2,
          10_000,
          'second notification on A',
        );
      } finally {
        for (const s of Object.values(sockets)) s.ws.close();
      }
    });

    it("hands the app's JSON 503 to clients while the database is away, and recovers", async () => {
      // Issue 38, obs 6: writes and reads during a PostgreSQL outage, through nginx.
      await relay!.down();
      const answers: Reply[] = [];
      try {
        for (let i = 0; i < 6; i++) {
          answers.push(
            await viaProxy('POST', '/api/videos', {
              cookie: clientCookie,
              body: { name: `During the outage ${i}`, link: 'youtu.be/abcdefghijk' },
            }),
            await viaProxy('GET', '/api/videos', { cookie: clientCookie }),
          );
        }
      } finally {
        await relay!.up();
      }
      for (const answer of answers) {
        expect(answer.status, answer.body).toBe(503);
        expect(answer.headers['content-type']).toMatch(/^application\/json/);
        expect(JSON.parse(answer.body)).toEqual({ message: DATABASE_UNAVAILABLE });
      }
      // Both instances stayed in nginx's rotation: once the database is back, writes succeed.
      await vi.waitFor(
        async () => {
          const after = await viaProxy('POST', '/api/videos', {
            cookie: clientCookie,
            body: { name: 'After the outage', link: 'youtu.be/abcdefghijk' },
          });
          expect(after.status, after.body).toBe(201);
        },
        { timeout: 20_000, interval: 100 },
      );
    }, 60_000);

    it('loses no read while one instance stops', async () => {
      const [a] = ports as [number, number];
      const results: number[] = [];
      const errors: string[] = [];
      let running = true;
      const worker = async () => {
        while (running) {
          try {
            const res = await viaProxy('GET', '/api/videos', { cookie: clientCookie });
            results.push(res.status);
          } catch (err) {
            errors.push((err as Error).message);
          }
        }
      };
      const workers = Array.from({ length: 4 }, () => worker());
      await until(() => results.length >= 40, 20_000, 'reads before the stop');
      const before = results.length;
      const stopping = instances[0]!;
      const exited = new Promise<number | null>((r) => stopping.on('exit', (code) => r(code)));
      stopping.kill('SIGTERM');
      expect(await exited).toBe(0);
      // Keep reading after instance A is gone: nginx finds it down and uses B.
      await until(() => results.length >= before + 80, 30_000, 'reads after the stop');
      running = false;
      await Promise.all(workers);

      expect(errors).toEqual([]);
      expect(results.filter((s) => s !== 200)).toEqual([]);
      expect(results.length).toBeGreaterThan(120);
      // Some reads did meet the stopped instance, and nginx retried them on the other one.
      const errorLog = await readFile(path.join(dir, 'logs/error.log'), 'utf8');
      expect(errorLog).toMatch(/(connect\(\) failed|prematurely closed|upstream).*upstream/);
      // Instance A really is gone.
      await expect(fetch(`http://127.0.0.1:${a}/api/health`)).rejects.toThrow();
    }, 90_000);
  },
);
