/**
 * A long list that changes comes as only what changed (docs/decisions/0014-list-deltas.md): a
 * client's dashboard of 55 videos, told by its socket that the editor moved one, reads the list
 * with the tag it holds and takes a 226 delta, and shows the move with every other video in place.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DELTA_STATUS } from '@domain/list-delta';
import { answer, withApiAs } from './support/api';
import { type E2EBrowser, launchBrowser } from './support/browser';
import { createUsersAsKing, registerClient, signIn, type TestUser } from './support/users';
import { assignEditor } from './support/videos';

let browser: E2EBrowser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage();
});
afterAll(async () => {
  await browser?.close();
});

const VIDEOS = 55;

it('applies a delta to the list the dashboard holds when the editor moves a video', async () => {
  const client: TestUser = await registerClient(browser, { name: 'Della Delta' });
  const [editor] = await createUsersAsKing(browser, ['editor']);
  await assignEditor(browser, client.id, editor!.id);
  const ids = await withApiAs(browser, client, async (api) => {
    const made: string[] = [];
    for (let i = 1; i <= VIDEOS; i++) {
      const video = await answer<{ id: string }>(
        'POST /api/videos',
        await api.post('/api/videos', {
          data: { name: `Delta cut ${i}`, link: 'https://vimeo.com/123456' },
        }),
        201,
      );
      made.push(video.id);
    }
    return made;
  });

  const listReads: number[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/api/videos') listReads.push(response.status());
  });
  await signIn(browser, page, client);
  await page.goto('/dashboard');
  await expect.poll(() => page.getByTestId('total-videos').textContent()).toBe(`${VIDEOS} videos`);
  const newest = page.getByRole('article', { name: `Delta cut ${VIDEOS}`, exact: true });
  await newest.waitFor();
  expect(await newest.getByText('In Progress').count()).toBe(0);

  // The editor moves her two newest videos, one after the other; her socket hears of each
  // (the bell) and the list is read again with the tag of the one it holds.
  const move = (id: string) =>
    withApiAs(browser, editor!, async (api) =>
      answer(
        'PATCH /api/videos/{id}/status',
        await api.patch(`/api/videos/${id}/status`, { data: { status: 'in_progress' } }),
      ),
    );
  for (const [n, id] of [ids.at(-1)!, ids.at(-2)!].entries()) {
    await move(id);
    await page
      .getByRole('button', { name: `Notifications, ${n + 1} unread` })
      .waitFor({ state: 'visible', timeout: 15_000 });
  }
  await expect.poll(() => listReads.join(','), { timeout: 15_000 }).toContain(String(DELTA_STATUS));
  await newest.getByText('In Progress').first().waitFor();
  await page
    .getByRole('article', { name: `Delta cut ${VIDEOS - 1}`, exact: true })
    .getByText('In Progress')
    .first()
    .waitFor();
  await expect.poll(() => page.getByTestId('total-videos').textContent()).toBe(`${VIDEOS} videos`);
  browser.expectNoConsoleErrors();
});
