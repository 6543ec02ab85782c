/**
 * The dashboard the server draws (ADR 0009), on the real build: the page carries the session's
 * own user's videos and nobody else's, escapes what people typed, keeps its state script
 * unbreakable, and no cache may keep it. The suite builds the web app and the server renderer
 * into a directory of its own (the real vite.config.ts), so it never touches dist/.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBuilder } from 'vite';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_PREFERENCES,
  DRAWN_PREFERENCES_COOKIE,
  drawnPreferencesCookie,
} from '@domain/preferences';
import { createTestApp, seedPerson, seedVideo, type TestApp } from '../test/helper';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const HOSTILE = '</script><img src=x onerror="alert(1)"><!--';
const DOLLARS = 'Cost $& and $1 & <b>bold</b>';

let t: TestApp;
let outDir: string;
let alice: Awaited<ReturnType<typeof seedPerson>>;
let bob: Awaited<ReturnType<typeof seedPerson>>;
let aliceFirst: Awaited<ReturnType<typeof seedVideo>>;

async function buildInto(dir: string) {
  const builder = await createBuilder({
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    environments: {
      client: { build: { outDir: path.join(dir, 'web') } },
      ssr: { build: { outDir: path.join(dir, 'ssr') } },
    },
  });
  await builder.buildApp();
}

/** The page's parts: the markup in #root and the state script's JSON. */
function partsOf(html: string) {
  const start = html.indexOf('<div id="root">');
  const boot = /<script type="application\/json" id="vw-boot">([^<]*)<\/script>/.exec(html);
  return {
    root: html.slice(start, boot ? boot.index : undefined),
    state: boot ? (JSON.parse(boot[1]!) as unknown) : null,
  };
}

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'vw-drawn-'));
  await buildInto(outDir);
  t = await createTestApp({ webRoot: path.join(outDir, 'web') });
  alice = await seedPerson(t, { username: 'alice', name: 'Alice Drawn' });
  bob = await seedPerson(t, { username: 'bob', name: 'Bob Drawn' });
  aliceFirst = await seedVideo(t, {
    userId: alice.id,
    name: 'Alice first cut',
    link: 'https://vimeo.com/123456',
    internalNotes: 'Agency eyes only',
  });
  await seedVideo(t, { userId: alice.id, name: HOSTILE });
  await seedVideo(t, { userId: alice.id, name: DOLLARS });
  await seedVideo(t, { userId: bob.id, name: 'Bob secret teaser' });
}, 240_000);

afterAll(async () => {
  await t?.close();
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

const dashboard = (cookie?: string, userAgent?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/dashboard',
    headers: { ...(cookie ? { cookie } : {}), ...(userAgent ? { 'user-agent': userAgent } : {}) },
  });

describe('GET /dashboard drawn by the server', () => {
  it('draws without an error on the server (the browser-only stores are left alone)', async () => {
    const errors = vi.spyOn(console, 'error');
    try {
      const res = await dashboard(alice.cookie);
      expect(partsOf(res.body).state).not.toBeNull();
      expect(errors.mock.calls.map((call) => String(call[0]))).toEqual([]);
    } finally {
      errors.mockRestore();
    }
  });

  it("draws the client's own videos, and no other client's, in a page no cache keeps", async () => {
    const res = await dashboard(alice.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toBe('Cookie, Accept-Encoding');
    const { root, state } = partsOf(res.body);
    expect(root).toContain('Welcome back');
    expect(root).toContain('Alice Drawn');
    expect(root).toContain('Alice first cut');
    expect(JSON.stringify(state)).toContain('Alice first cut');
    expect(res.body).not.toContain('Bob secret teaser');
    expect(res.body).not.toContain('Bob Drawn');
    // Bob's own page is his.
    const his = await dashboard(bob.cookie);
    expect(his.body).toContain('Bob secret teaser');
    expect(his.body).not.toContain('Alice first cut');
  });

  it('escapes what people typed, in the markup and in the state script', async () => {
    const { body } = await dashboard(alice.cookie);
    const { root, state } = partsOf(body);
    // The markup shows the title as text.
    expect(root).toContain('&lt;/script&gt;&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&lt;!--');
    expect(root).toContain('Cost $&amp; and $1 &amp; &lt;b&gt;bold&lt;/b&gt;');
    // Nothing anyone typed became an element or ended a script early.
    expect(body).not.toContain('<img');
    expect(body).not.toContain('<b>bold');
    expect(body.match(/<\/script>/g)?.length).toBe(body.match(/<script/g)?.length);
    // The state script reads back as exactly what the API said.
    const titles = JSON.stringify(state);
    expect(titles).toContain(JSON.stringify(HOSTILE).slice(1, -1));
    expect(titles).toContain(JSON.stringify(DOLLARS).slice(1, -1));
  });

  it('draws for a phone when the browser says it is one', async () => {
    const phone = await dashboard(
      alice.cookie,
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) Mobile Safari/537.36',
    );
    const desktop = await dashboard(alice.cookie, 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0');
    expect((partsOf(phone.body).state as { width: number }).width).toBe(390);
    expect((partsOf(desktop.body).state as { width: number }).width).toBe(1280);
    // The list's toolbar is the phone's (a Filters button) or the desktop's (the sort field).
    expect(partsOf(phone.body).root).not.toContain('Sort by');
    expect(partsOf(desktop.body).root).toContain('Sort by');
  });

  it('names the files to run before hydrating, each after the files it imports, none twice', async () => {
    const { body } = await dashboard(alice.cookie);
    const named = /<script type="application\/json" id="vw-chunks">([^<]*)<\/script>/.exec(body);
    const files = JSON.parse(named![1]!) as string[];
    const manifest = JSON.parse(
      await readFile(path.join(outDir, 'web', '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;
    const fileOf = (source: string) => `/${manifest[source]!.file}`;
    // The hydration code, the app and the client's dashboard, and none of the entry's files.
    for (const source of [
      'app/hydrate-drawn.tsx',
      'app/app.tsx',
      'app/routes/client-dashboard.tsx',
    ])
      expect(files).toContain(fileOf(source));
    const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry)!;
    expect(files).not.toContain(fileOf(entry));
    expect(new Set(files).size).toBe(files.length);
    // Each file comes after every named file it imports, so running them in order runs each
    // alone; files that import each other (a cycle, which run together anyway) in either order.
    const reaches = (from: string, to: string, seen = new Set<string>()): boolean =>
      from === to ||
      (!seen.has(from) &&
        (seen.add(from), (manifest[from]?.imports ?? []).some((next) => reaches(next, to, seen))));
    const position = new Map(files.map((file, i) => [file, i]));
    let checked = 0;
    for (const [key, chunk] of Object.entries(manifest)) {
      const at = position.get(`/${chunk.file}`);
      if (at === undefined) continue;
      for (const imported of chunk.imports ?? []) {
        const before = position.get(fileOf(imported));
        if (before === undefined || reaches(imported, key)) continue;
        expect(before, `${key} imports ${imported}`).toBeLessThan(at);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('sends the usual page, drawn by the browser, without a session or a valid one', async () => {
    for (const cookie of [undefined, 'sid=not-a-session']) {
      const res = await dashboard(cookie);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('Loading page...');
      expect(res.body).not.toContain('vw-boot');
      expect(res.body).not.toContain('vw-chunks');
    }
  });

  it('draws no other address', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/profile',
      headers: { cookie: alice.cookie },
    });
    expect(res.body).not.toContain('vw-boot');
    expect(res.body).not.toContain('Alice first cut');
  });
});

describe('the preferences a page is drawn with', () => {
  /** The cookie the browser mirrors `userId`'s board choice in (web/lib/preferences-storage.ts). */
  const boardFor = (userId: string) =>
    `${DRAWN_PREFERENCES_COOKIE}=${drawnPreferencesCookie(userId, { ...DEFAULT_PREFERENCES, videoView: 'board' })}`;

  it("draws the board for a user whose cookie says so, and only for that user's session", async () => {
    const board = await dashboard(`${alice.cookie}; ${boardFor(alice.id)}`);
    expect(partsOf(board.body).root).toContain('data-testid="video-board"');
    expect(
      (partsOf(board.body).state as { preferences: { videoView: string } }).preferences.videoView,
    ).toBe('board');
    // Another user's choice in this browser (a shared computer), or none: the list.
    for (const cookie of [`${alice.cookie}; ${boardFor(bob.id)}`, alice.cookie]) {
      const { root } = partsOf((await dashboard(cookie)).body);
      expect(root).toContain('Alice first cut');
      expect(root).not.toContain('data-testid="video-board"');
    }
  });

  it('draws the defaults from a cookie that is not what the browser writes', async () => {
    for (const value of [
      '%7Bnot%20json',
      encodeURIComponent(JSON.stringify({ user: alice.id, videoView: '<b>' })),
    ]) {
      const res = await dashboard(`${alice.cookie}; ${DRAWN_PREFERENCES_COOKIE}=${value}`);
      expect(res.statusCode).toBe(200);
      expect(partsOf(res.body).root).not.toContain('data-testid="video-board"');
      expect(res.body).not.toContain('<b>');
    }
  });
});

describe('GET /review/:token drawn by the server for a guest', () => {
  async function linkTo(videoId: string, password?: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/review-links',
      headers: { cookie: alice.cookie },
      payload: { videoIds: [videoId], expiresInDays: 7, ...(password ? { password } : {}) },
    });
    expect(res.statusCode).toBe(201);
    return (res.json() as { token: string }).token;
  }
  const open = (token: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url: `/review/${token}`, headers: cookie ? { cookie } : {} });

  it("draws the link's video as a guest sees it, with no session and nothing the guest may not see", async () => {
    const token = await linkTo(aliceFirst.id);
    const res = await open(token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { root, state } = partsOf(res.body);
    expect(root).toContain('Alice first cut');
    expect(root).toContain('Your name');
    expect((state as { user: unknown }).user).toBeNull();
    expect(res.body).not.toContain('Agency eyes only');
    // Opened by someone signed in, the page is the guest's all the same: the API is read
    // without the session.
    const signedIn = await open(token, alice.cookie);
    expect(partsOf(signedIn.body).root).toBe(root);
    expect(signedIn.body).not.toContain('Agency eyes only');
  });

  it('leaves to the browser a link with a password, and one that does not open', async () => {
    const locked = await linkTo(aliceFirst.id, 'secret-words');
    for (const token of [locked, 'no-such-token']) {
      const res = await open(token);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Loading page...');
      expect(res.body).not.toContain('vw-boot');
      expect(res.body).not.toContain('Alice first cut');
    }
  });
});
