/**
 * The calendar (issue 45 part 2; docs/product.md#calendar): a video shows on its due day in the
 * month and the week, overdue work says so, dragging a card to another day moves its due date on
 * the server (and Undo puts it back), the keyboard moves it through "Move to another day", a
 * client never sees another client's videos nor may move their dates, a card opens the video's
 * dialog, and a phone gets an agenda. axe checks each screen; screenshots at 1440 and 390 px.
 */
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDays, weekDays } from '@domain/calendar';
import { localDateText } from '@domain/video-form';
import { expectNoSeriousA11yViolations } from './support/a11y';
import { answer, withApiAs } from './support/api';
import { type E2EBrowser, launchBrowser, PHONE } from './support/browser';
import { seeToast, visible } from './support/screen';
import { createUsersAsKing, kingCredentials, signIn, type TestUser } from './support/users';
import { assignEditor, createVideoAs, screenshot } from './support/videos';

const WIDE = { width: 1440, height: 900 };
let browser: E2EBrowser;
let page: Page;
let client: TestUser;
let otherClient: TestUser;
let editor: TestUser;
const word = `cal${Date.now().toString(36)}`;
const names = {
  due: `Due ${word}`,
  late: `Late ${word}`,
  posted: `Posted ${word}`,
  keys: `Keys ${word}`,
  others: `Others ${word}`,
};
const ids: Record<keyof typeof names, string> = {
  due: '',
  late: '',
  posted: '',
  keys: '',
  others: '',
};

/**
 * The week of yesterday, in the browser's zone (the suite's machine's, as this process's): its
 * Monday is past (an overdue video's day), a posted video went out on its Tuesday, a card moves
 * to its Thursday from its Sunday. One row of the month's grid holds it all.
 */
const WEEK = weekDays(addDays(localDateText(new Date()), -1));
const [lateDay, postedDay, moveDay, dueDay] = [WEEK[0]!, WEEK[1]!, WEEK[3]!, WEEK[6]!];
/** The local time of day each due date keeps when it moves. */
const at = (day: string, time = '10:30') => new Date(`${day}T${time}:00`).toISOString();

const dayCell = (day: string) => page.locator(`section[data-day="${day}"]`);
const card = (name: string) =>
  page.locator('[data-testid="calendar-card"]').filter({ hasText: name });

async function dueDateOf(id: string, who: TestUser = client): Promise<string> {
  return withApiAs(browser, who, async (api) => {
    const video = await answer<{ dueDate: string }>(
      'GET video',
      await api.get(`/api/videos/${id}`),
    );
    return video.dueDate;
  });
}

beforeAll(async () => {
  browser = await launchBrowser();
  [client, otherClient, editor] = await createUsersAsKing(browser, ['client', 'client', 'editor']);
  await assignEditor(browser, client.id, editor.id);
  const king = kingCredentials(browser);
  const make = async (key: keyof typeof names, body: object, owner = client) => {
    ids[key] = (
      await createVideoAs(browser, king, {
        name: names[key],
        targetUserId: owner.id,
        assignedEditorId: editor.id,
        ...body,
      })
    ).id;
  };
  await make('due', { status: 'in_progress', dueDate: at(dueDay) });
  await make('late', { status: 'in_progress', dueDate: at(lateDay, '09:00') });
  await make('keys', { status: 'review', dueDate: at(dueDay, '16:00') });
  await make('posted', { status: 'posted', dueDate: at(addDays(postedDay, -20)) });
  await make('others', { status: 'in_progress', dueDate: at(dueDay) }, otherClient);
  await withApiAs(browser, king, async (api) =>
    answer(
      'PATCH publishedAt',
      await api.patch(`/api/videos/${ids.posted}`, { data: { publishedAt: postedDay } }),
    ),
  );
  page = await browser.newPage(WIDE);
  await signIn(browser, page, client);
});
afterEach(() => {
  browser.expectNoConsoleErrors();
});
afterAll(async () => {
  await browser?.close();
});

describe('the calendar', () => {
  it('is in the navigation and shows a video on its due day in the month', async () => {
    await page.goto('/dashboard');
    await page.getByRole('link', { name: 'Calendar' }).first().click();
    await page.waitForURL(/\/calendar/);
    await page.goto(`/calendar?view=month&day=${dueDay}`);
    await visible(page.getByTestId('calendar-month'));
    await visible(dayCell(dueDay).getByText(names.due));
    await visible(dayCell(dueDay).getByText(names.keys));
    // Overdue work says so in words, not only in colour; a posted video shows on its posting day.
    await visible(dayCell(lateDay).locator('[data-state="overdue"]').getByText('Overdue'));
    await visible(dayCell(postedDay).locator('[data-state="posted"]').getByText('Posted'));
    // Another client's video is never on this client's calendar.
    await expect.poll(() => page.getByText(names.others).count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'calendar-month-1440');
  });

  it('filters by status as the lists do', async () => {
    await page.goto(`/calendar?view=month&day=${dueDay}`);
    await visible(card(names.keys));
    const status = page.getByRole('combobox', { name: 'Status', exact: true });
    await status.click();
    await page.getByRole('option', { name: 'Review', exact: true }).click();
    await expect.poll(() => status.inputValue()).toBe('Review');
    await visible(card(names.keys));
    await expect.poll(() => card(names.due).count()).toBe(0);
  });

  it('moves a due date by dragging its card to another day, and Undo puts it back', async () => {
    await page.goto(`/calendar?view=month&day=${dueDay}`);
    const target = moveDay;
    await visible(card(names.due).getByTestId('drag-handle'));
    await card(names.due).dragTo(dayCell(target));
    await seeToast(page, `“${names.due}” is now due`);
    await visible(dayCell(target).getByText(names.due));
    // The server has the new day at the same time of day.
    await expect.poll(() => dueDateOf(ids.due)).toBe(at(target));
    await page.getByRole('button', { name: /^Undo: / }).click();
    await expect.poll(() => dueDateOf(ids.due)).toBe(at(dueDay));
    await visible(dayCell(dueDay).getByText(names.due));
  });

  it('moves a due date from the keyboard with "Move to another day"', async () => {
    await page.goto(`/calendar?view=week&day=${dueDay}`);
    const target = addDays(dueDay, 7);
    const move = page.getByRole('button', { name: `Move “${names.keys}” to another day` });
    await move.focus();
    await page.keyboard.press('Enter');
    const field = page.getByLabel('New due day');
    await visible(field);
    await field.fill(target);
    await page.keyboard.press('Enter');
    await seeToast(page, `“${names.keys}” is now due`);
    await expect.poll(() => dueDateOf(ids.keys)).toBe(at(target, '16:00'));
    // Into next week: gone from this one, there after Next week.
    await expect.poll(() => card(names.keys).count()).toBe(0);
    await page.getByRole('button', { name: 'Next week' }).click();
    await visible(dayCell(target).getByText(names.keys));
  });

  it('shows the week with its days and opens a video’s dialog from its card', async () => {
    await page.goto(`/calendar?view=month&day=${dueDay}`);
    await page.getByText('Week', { exact: true }).click();
    await visible(page.getByTestId('calendar-week'));
    await expect.poll(() => page.locator('section[data-day]').count()).toBe(7);
    await visible(dayCell(dueDay).getByText(names.due));
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'calendar-week-1440');
    await card(names.due).getByRole('button', { name: names.due, exact: true }).click();
    await visible(page.getByRole('dialog').getByText('Edit Video Details'));
    await page.keyboard.press('Escape');
  });

  it('gives a viewer no handle where it may not move a date, and the server refuses it', async () => {
    await page.goto(`/calendar?view=month&day=${dueDay}`);
    // A posting date is a record, not a due date: no handle, no Move.
    const posted = dayCell(postedDay).locator('[data-state="posted"]');
    await visible(posted);
    await expect.poll(() => posted.getByTestId('drag-handle').count()).toBe(0);
    await expect.poll(() => posted.getByRole('button', { name: /^Move / }).count()).toBe(0);
    // Another client sees none of this client's videos and may not move their dates.
    await signIn(browser, page, otherClient);
    await page.goto(`/calendar?view=month&day=${dueDay}`);
    await visible(dayCell(dueDay).getByText(names.others));
    await expect.poll(() => page.getByText(names.due).count()).toBe(0);
    const refused = await withApiAs(browser, otherClient, async (api) =>
      api.patch(`/api/videos/${ids.due}`, { data: { dueDate: at(addDays(dueDay, 3)) } }),
    );
    expect(refused.status()).toBe(404);
    expect(await dueDateOf(ids.due)).toBe(at(dueDay));
    await signIn(browser, page, client);
  });

  it('is an agenda of days with their videos on a phone', async () => {
    page = await browser.newPage(PHONE);
    await page.goto(`/calendar?view=week&day=${dueDay}`);
    const agenda = page.getByTestId('calendar-agenda');
    await visible(agenda);
    await expect.poll(() => page.getByTestId('calendar-month').count()).toBe(0);
    await visible(agenda.locator(`section[data-day="${dueDay}"]`).getByText(names.due));
    await visible(agenda.locator(`section[data-day="${lateDay}"]`).getByText('Overdue'));
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'calendar-agenda-390');
  });
});
