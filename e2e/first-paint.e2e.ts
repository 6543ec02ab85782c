/**
 * The dashboards come drawn by the server and the browser hydrates them (ADR 0009): the screen
 * is there before any script has run, and running the scripts keeps it as it is: the same
 * text, the same elements seen (React adopts the server's nodes instead of drawing new ones) and
 * no hydration error in the console (web/main.tsx reports one as a console error). For the
 * client, the editor and the lead, at desktop and at phone width.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEAD_TAB_INFO } from '@domain/lead-dashboard';
import { turnLine } from '@domain/turnaround';
import type { VideoView } from '@domain/videos';
import { CLOCK_TICK_MS } from '../web/lib/clock';
import { DESKTOP, type E2EBrowser, launchBrowser, PHONE } from './support/browser';
import { answer, withApiAs } from './support/api';
import { assignEditor, createVideoAs, type CreatedVideo, screenshot } from './support/videos';
import {
  createUsersAsKing,
  kingCredentials,
  registerClient,
  signIn,
  type TestUser,
} from './support/users';

let browser: E2EBrowser;
let people: Record<'client' | 'editor' | 'lead', TestUser>;
/** The video every dashboard's first list shows (in progress: the agency's turn). */
let first: CreatedVideo;
/** A review link to the first video, for the guest review page. */
let review: { token: string; expiresAt: string };
const TITLE = 'Drawn first </script><b>not bold</b>';
const IN_REVIEW = 'Drawn for review';
/** How many more videos wait for review than a screen holds (newest first, so this one on top). */
const MORE_TO_REVIEW = 16;
/**
 * What each dashboard's first list shows: the client's and editor's a video; the lead's, Needs
 * My Review, holds only videos whose client let every reminder pass (issue 41), none of these
 * fresh ones: its empty state.
 */
const SHOWN = {
  client: TITLE,
  editor: TITLE,
  lead: LEAD_TAB_INFO['needs-review'].empty,
};

beforeAll(async () => {
  browser = await launchBrowser();
  const client = await registerClient(browser, { name: 'Paint Client' });
  const [editor, lead] = await createUsersAsKing(browser, ['editor', 'lead_editor']);
  await assignEditor(browser, client.id, editor.id);
  // In progress, so that every dashboard's first list (In Progress) shows it.
  first = await createVideoAs(browser, kingCredentials(browser), {
    name: TITLE,
    targetUserId: client.id,
    status: 'in_progress',
  });
  // In review: the client's turn, so not in the lead's first list (Needs My Review).
  await createVideoAs(browser, kingCredentials(browser), {
    name: IN_REVIEW,
    targetUserId: client.id,
    status: 'review',
  });
  // More to review than a screen holds, as in a full run: the lead's list is virtual, and the
  // rows kept beyond the screen are counted again once the browser measures them.
  for (let n = 1; n <= MORE_TO_REVIEW; n++) {
    await createVideoAs(browser, kingCredentials(browser), {
      name: `Also for review ${n}`,
      targetUserId: client.id,
      status: 'review',
    });
  }
  // Overdue, as videos left by other suites are in a full run: opening a dashboard asks for
  // the day's overdue notices (POST /api/notifications/check-delayed), which moves the bell.
  await createVideoAs(browser, kingCredentials(browser), {
    name: 'Drawn overdue',
    targetUserId: client.id,
    status: 'in_progress',
    dueDate: '2020-01-06',
  });
  people = { client, editor, lead };
  review = await withApiAs(browser, kingCredentials(browser), async (king) =>
    answer<{ token: string; expiresAt: string }>(
      'POST /api/review-links',
      await king.post('/api/review-links', { data: { videoIds: [first.id], expiresInDays: 1 } }),
      201,
    ),
  );
});
afterAll(async () => {
  await browser?.close();
});

/**
 * What the window shows, in the page: the elements one can see on the screen (rows a virtual
 * list keeps below it are left out: the browser counts them again once it has measured the
 * list) and their words. `mark` keeps them, to count afterwards how many are still seen.
 */
function readScreen(mark: boolean) {
  const onScreen = (el: Element) => {
    if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
    const r = el.getBoundingClientRect();
    return r.bottom > 0 && r.top < window.innerHeight && r.right > 0 && r.left < window.innerWidth;
  };
  // A player's room (the review page's) is the player once its code is here: not the page's.
  const seen = [...document.getElementById('root')!.querySelectorAll('*')]
    .filter((el) => !el.closest('[data-player-room]'))
    .filter(onScreen);
  const page = window as unknown as { drawnSeen?: Element[] };
  // Properties, not attributes: React would notice an attribute while hydrating.
  if (mark) page.drawnSeen = seen;
  const words = seen.flatMap((el) =>
    [...el.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent?.trim() ?? '')
      .filter((text) => text !== ''),
  );
  return {
    text: words.join('\n'),
    seen: seen.length,
    // Still in the page, and still seen (hydration may drop what nobody saw, e.g. a button's
    // faded-out loader).
    kept: (page.drawnSeen ?? []).filter((el) => el.isConnected && onScreen(el)).length,
  };
}

/**
 * Opens `address` with the scripts held back, reads the screen the server drew (once `marker`
 * is in it), then lets the scripts run and waits until React has taken the page over (the
 * marker's element is React's).
 */
async function drawnThenHydrated(
  page: Page,
  address = '/dashboard',
  marker = '[data-testid="total-videos"]',
) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(address, { waitUntil: 'commit' });
  await page.waitForSelector(`#root ${marker}`, { state: 'attached' });
  // The page as painted: with its stylesheets.
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((l) => l.sheet),
  );
  // The screen as it settles: cards come in with a short animation.
  const settled = () =>
    page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  await settled();
  const drawn = await page.evaluate(readScreen, true);
  release();
  // Hydrated: React's own properties are on the drawn elements.
  await page.waitForFunction((selector) => {
    const el = document.querySelector(selector);
    return el !== null && Object.keys(el).some((key) => key.startsWith('__reactFiber'));
  }, marker);
  await page.waitForLoadState('networkidle');
  await settled();
  const hydrated = await page.evaluate(readScreen, false);
  await page.unroute(/\/assets\/.+\.js$/);
  return { drawn, hydrated };
}

describe('the dashboards are drawn by the server and hydrated as drawn', () => {
  for (const role of ['client', 'editor', 'lead'] as const) {
    for (const [width, viewport] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      it(`${role}, ${width}`, { timeout: 60_000 }, async () => {
        const page = await browser.newPage(viewport);
        // A phone says so (Chromium's Sec-CH-UA-Mobile), and the server draws for one.
        await page.setExtraHTTPHeaders(width === 'phone' ? { 'sec-ch-ua-mobile': '?1' } : {});
        await signIn(browser, page, people[role]);
        // The day's overdue notices, as the app asks for them when a screen opens: a page drawn
        // before them would rightly gain a bell count from the socket, which is news and not a
        // hydration that changed the screen.
        const check = await page.evaluate(async () => {
          const res = await fetch('/api/notifications/check-delayed', { method: 'POST' });
          return res.status;
        });
        expect(check).toBe(200);
        const { drawn, hydrated } = await drawnThenHydrated(page);
        // The server's screen is the real one, before any script ran.
        expect(drawn.text).toContain(SHOWN[role]);
        expect(drawn.text).not.toContain('Loading');
        // Hydration changed nothing: the same words, on the same elements.
        expect(hydrated.text).toBe(drawn.text);
        browser.expectNoConsoleErrors();
        expect(hydrated.kept).toBe(drawn.seen);
        await screenshot(page, `first-paint-${role}-${width}`);
      });
    }
  }
});

describe('a dashboard shown as the board is drawn as the board', () => {
  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`editor, ${width}`, { timeout: 60_000 }, async () => {
      const page = await browser.newPage(viewport);
      await page.setExtraHTTPHeaders(width === 'phone' ? { 'sec-ch-ua-mobile': '?1' } : {});
      await signIn(browser, page, people.editor);
      await page.goto('/dashboard');
      // The editor picks the board, as any user would, on the dashboard itself (on a phone, in
      // the filter sheet).
      if (width === 'phone') await page.getByRole('button', { name: 'Filters' }).click();
      await page.getByRole('radiogroup', { name: 'Show videos as' }).getByText('Board').click();
      if (width === 'phone') await page.getByRole('button', { name: 'Done' }).click();
      await page.getByTestId('video-board').waitFor();
      const check = await page.evaluate(async () => {
        const res = await fetch('/api/notifications/check-delayed', { method: 'POST' });
        return res.status;
      });
      expect(check).toBe(200);
      // The server draws the board (its columns), not the list it draws for a new user.
      const html = await page.evaluate(() => fetch('/dashboard').then((res) => res.text()));
      expect(html.includes('data-testid="video-board"'), 'the board in the drawn page').toBe(true);
      const { drawn, hydrated } = await drawnThenHydrated(page);
      // A phone shows the first column (Draft); the desktop every column, In Progress's newest
      // card on top.
      expect(drawn.text).toContain(width === 'phone' ? 'Draft' : 'Drawn overdue');
      expect(drawn.text).not.toContain('Loading');
      expect(hydrated.text).toBe(drawn.text);
      browser.expectNoConsoleErrors();
      expect(hydrated.kept).toBe(drawn.seen);
      await screenshot(page, `first-paint-board-${width}`);
      // A phone draws the later columns' cards once a swipe (here its column button) brings
      // them near.
      if (width === 'phone') {
        await page
          .getByRole('navigation', { name: 'Board columns' })
          .getByRole('button', { name: 'In Progress' })
          .click();
        await page.getByRole('article', { name: 'Drawn overdue' }).waitFor();
      }
    });
  }
});

describe('the guest review page is drawn by the server and hydrated as drawn', () => {
  for (const [width, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(width, { timeout: 60_000 }, async () => {
      // A guest: a browser of its own, signed in as nobody, in Tokyo (no summer time).
      const own = await launchBrowser({ timezoneId: 'Asia/Tokyo', locale: 'en-US' });
      try {
        const page = await own.newPage(viewport);
        await page.setExtraHTTPHeaders(width === 'phone' ? { 'sec-ch-ua-mobile': '?1' } : {});
        const { drawn, hydrated } = await drawnThenHydrated(
          page,
          `/review/${review.token}`,
          'main h1',
        );
        expect(drawn.text).toContain(TITLE);
        expect(drawn.text).toContain('Your name');
        expect(drawn.text).not.toContain('Opening the review');
        // The server tells the link's end in UTC; the hydrated page in the guest's own zone
        // (Tokyo: nine hours ahead), the zone named both times, and nothing else changes.
        const end = new Date(review.expiresAt);
        const clock = (hours: number) =>
          `${hours % 12 || 12}:${String(end.getUTCMinutes()).padStart(2, '0')}\\s[AP]M`;
        expect(drawn.text).toMatch(new RegExp(`${clock(end.getUTCHours())} UTC`));
        expect(hydrated.text).toMatch(new RegExp(`${clock((end.getUTCHours() + 9) % 24)} GMT\\+9`));
        const moment = /[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M [A-Z]{3}(\+\d+)?/g;
        expect(hydrated.text.replace(moment, 'MOMENT')).toBe(drawn.text.replace(moment, 'MOMENT'));
        own.expectNoConsoleErrors();
        expect(hydrated.kept).toBe(drawn.seen);
        await screenshot(page, `first-paint-review-${width}`);
      } finally {
        await own.close();
      }
    });
  }
});

describe('a page drawn a while before the browser hydrates it', () => {
  it('hydrates with the time it was drawn at, then tells the browser’s time', async () => {
    // A browser of its own: a clock set in a browser context stays for all of its pages.
    const own = await launchBrowser();
    try {
      const page = await own.newPage(DESKTOP);
      await signIn(own, page, people.client);
      // The browser's clock 10 minutes ahead of the server's, as for a page that took that long
      // to arrive or a laptop whose clock is off: the card's 'Agency's turn · 1 min' is
      // '· 10 min' by the browser's clock, and the first render must still say what was drawn.
      const browserNow = Date.now() + 10 * 60_000;
      await own.context.clock.setFixedTime(browserNow);
      // What the browser's clock says, computed apart: the status's start as the API tells it,
      // and the browser's moment to the app's tick (a screen's "now" moves every CLOCK_TICK_MS),
      // so "10 min" or "9 min" when the video entered its status less than a tick ago.
      const video = await withApiAs(browser, kingCredentials(browser), async (king) =>
        answer<VideoView>('GET /api/videos/{id}', await king.get(`/api/videos/${first.id}`)),
      );
      const tick = Math.floor(browserNow / CLOCK_TICK_MS) * CLOCK_TICK_MS;
      const told = turnLine(video, new Date(tick), 'client')!.text;
      expect(told).toMatch(/^Agency's turn · (9|10|11) min$/);
      await page.goto('/dashboard');
      const card = page.getByRole('article', { name: TITLE });
      await expect.poll(() => card.textContent(), { timeout: 10_000 }).toContain(told);
      own.expectNoConsoleErrors();
    } finally {
      await own.close();
    }
  });
});
