/**
 * One Chromium per test file, driven through a persistent context (Debian's Chromium refuses a
 * --user-data-dir flag in launch()). Every page it opens records console errors and uncaught
 * exceptions so a journey can assert the app stayed quiet.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import { type BrowserContext, chromium, type ConsoleMessage, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { readTestSettings } from '../../server/env';
import { CHROMIUM_ARGS } from '../../scripts/lib/chromium';

/** How long a locator action or wait may take before the step fails. */
const ACTION_TIMEOUT_MS = 10_000;
const NAVIGATION_TIMEOUT_MS = 20_000;

/**
 * The journeys' Chromium runs the app's JavaScript without V8's optimizing compilers (Maglev and
 * TurboFan): a journey's pages live seconds, and compiling their hot code again, optimized, on
 * background threads cost more than it saved. Interpreted and baseline-compiled, the code does
 * the same (the compilers change speed, not meaning). `npm run lighthouse` times pages as a
 * phone's browser runs them and keeps the compilers (scripts/lib/chromium.ts).
 */
const JOURNEY_ARGS = [...CHROMIUM_ARGS, '--js-flags=--no-opt --no-maglev'];

export interface ConsoleProblem {
  kind: 'console.error' | 'pageerror';
  text: string;
  /** The script or resource the message is about, when Chromium names one. */
  url: string;
}

export interface CheckConsoleOptions {
  /**
   * Paths whose 401 answer is the expected outcome of the step being tested (a wrong password
   * at POST /api/auth/login). Chromium reports every failed fetch as a console error.
   */
  unauthorizedFrom?: string[];
  /** Other refusals a step expects (a review link's 410 once revoked or expired, issue 19). */
  refused?: { status: number; pathname: string }[];
}

const FAILED_RESOURCE = /^Failed to load resource: the server responded with a status of (\d{3})\b/;

/**
 * Console errors that say nothing about the app's health. Only one: when nobody is signed in the
 * app asks GET /api/auth/me who is, and the answer 401 is how the server says "nobody"; Chromium
 * still logs the failed fetch. The filter is narrow on purpose: status 401, that one path.
 */
function expected(problem: ConsoleProblem, options: CheckConsoleOptions): boolean {
  if (problem.kind !== 'console.error') return false;
  const status = FAILED_RESOURCE.exec(problem.text)?.[1];
  if (!status || !problem.url) return false;
  const pathname = new URL(problem.url).pathname;
  if ((options.refused ?? []).some((r) => String(r.status) === status && r.pathname === pathname)) {
    return true;
  }
  if (status !== '401') return false;
  return pathname === '/api/auth/me' || (options.unauthorizedFrom ?? []).includes(pathname);
}

/** The two widths the journeys look at (docs/architecture.md#habits: desktop and phone). */
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

export interface E2EBrowser {
  readonly baseUrl: string;
  /** The king's password, or null when the suite runs against a server it did not start. */
  readonly kingPassword: string | null;
  readonly context: BrowserContext;
  /** Closes the tabs open so far and opens a fresh one, at `viewport` if given. */
  newPage(viewport?: { width: number; height: number }): Promise<Page>;
  /** Fails listing every console error and uncaught exception since the last check. */
  expectNoConsoleErrors(options?: CheckConsoleOptions): void;
  close(): Promise<void>;
}

/**
 * `timezoneId` and `locale`: the browser's time zone and language (the machine's when not
 * given). `reducedMotion`: the system's motion preference, reduced unless told (the app then
 * moves nothing, as it does for a person who asks so: a journey waits for no animation, ADR
 * 0024; e2e/motion.e2e.ts checks both).
 */
export async function launchBrowser(
  options: {
    timezoneId?: string;
    locale?: string;
    reducedMotion?: 'reduce' | 'no-preference';
  } = {},
): Promise<E2EBrowser> {
  const baseUrl = inject('e2eBaseUrl');
  const kingPassword = inject('e2eKingPassword');
  const profileDir = await mkdtemp(path.join(inject('e2eTempDir'), 'chromium-'));
  let context: BrowserContext;
  try {
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: readTestSettings().e2eChromiumPath,
      args: JOURNEY_ARGS,
      baseURL: baseUrl,
      reducedMotion: 'reduce',
      ...options,
    });
  } catch (err) {
    await rm(profileDir, { recursive: true, force: true });
    throw err;
  }
  context.setDefaultTimeout(ACTION_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);

  let problems: ConsoleProblem[] = [];
  const watch = (page: Page) => {
    // A dashboard the server drew shows before it answers clicks and keys (ADR 0009): a
    // navigation (goto, reload) ends when the app has hydrated it (the dashboard itself, not
    // only the page's frame: web/app/screen-hydrated.tsx), as one that the browser
    // draws ends when the app has drawn it. `waitUntil: 'commit'` is left alone
    // (first-paint.e2e.ts).
    const hydrated = () =>
      page.waitForFunction(
        () => !document.getElementById('vw-boot') || document.documentElement.dataset.hydrated,
      );
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const response = await goto(url, options);
      if (options?.waitUntil !== 'commit') await hydrated();
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (options) => {
      const response = await reload(options);
      if (options?.waitUntil !== 'commit') await hydrated();
      return response;
    };
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() !== 'error') return;
      problems.push({ kind: 'console.error', text: message.text(), url: message.location().url });
    });
    page.on('pageerror', (error) => {
      problems.push({ kind: 'pageerror', text: error.stack ?? error.message, url: page.url() });
    });
  };
  context.pages().forEach(watch);
  context.on('page', watch);

  return {
    baseUrl,
    kingPassword,
    context,
    async newPage(viewport) {
      await Promise.all(context.pages().map((page) => page.close()));
      const page = await context.newPage();
      if (viewport) await page.setViewportSize(viewport);
      return page;
    },
    expectNoConsoleErrors(options = {}) {
      const unexpected = problems.filter((problem) => !expected(problem, options));
      problems = [];
      if (unexpected.length > 0) {
        const lines = unexpected.map((p) => `- ${p.kind}: ${p.text}${p.url ? ` (${p.url})` : ''}`);
        throw new Error(`The app reported errors in the browser console:\n${lines.join('\n')}`);
      }
    },
    async close() {
      try {
        await context.close();
      } finally {
        await rm(profileDir, { recursive: true, force: true });
      }
    },
  };
}
