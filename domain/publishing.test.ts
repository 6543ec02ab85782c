import { describe, expect, it } from 'vitest';
import {
  latestPublishDay,
  markPostedBody,
  markPostedForm,
  publishDayRefusal,
  PUBLISHING_MESSAGES,
  formatPublishedDay,
} from './publishing';
import { firstByField, issues } from './test-helpers';
import { statusBody, updateVideoBody } from './videos';
import { DATE_RANGE_MESSAGE } from './dates';
import { DAY_MS } from './day-counter';

const today = latestPublishDay(new Date(Date.now() - DAY_MS));

describe('the move to posted (PATCH /api/videos/{id}/status)', () => {
  it('takes neither, either or both fields, the URL with https added when left out', () => {
    expect(statusBody.parse({ status: 'posted' })).toEqual({ status: 'posted' });
    expect(
      statusBody.parse({
        status: 'posted',
        publishedUrl: ' instagram.com/p/1 ',
        publishedAt: today,
      }),
    ).toEqual({ status: 'posted', publishedUrl: 'https://instagram.com/p/1', publishedAt: today });
  });
  it('refuses a URL that is not http(s) with a clear message', () => {
    for (const bad of ['javascript:alert(1)', 'mailto:a@b.c', 'not a url', '', 'ftp://x.io/a']) {
      expect(issues(statusBody, { status: 'posted', publishedUrl: bad })).toEqual([
        ['publishedUrl', PUBLISHING_MESSAGES.urlInvalid],
      ]);
    }
  });
  it('refuses a day in the future, an impossible day and one out of range', () => {
    const far = new Date(Date.now() + 3 * DAY_MS).toISOString().slice(0, 10);
    expect(issues(statusBody, { status: 'posted', publishedAt: far })).toEqual([
      ['publishedAt', PUBLISHING_MESSAGES.dayInFuture],
    ]);
    expect(issues(statusBody, { status: 'posted', publishedAt: '2026-02-30' })).toEqual([
      ['publishedAt', PUBLISHING_MESSAGES.dayInvalid],
    ]);
    expect(issues(statusBody, { status: 'posted', publishedAt: '1960-01-01' })).toEqual([
      ['publishedAt', DATE_RANGE_MESSAGE],
    ]);
  });
  it('refuses them on any other move', () => {
    expect(issues(statusBody, { status: 'ready_to_post', publishedUrl: 'https://x.io/a' })).toEqual(
      [['publishedUrl', PUBLISHING_MESSAGES.onlyWhenPosted]],
    );
  });
});

describe('the edit afterwards (PATCH /api/videos/{id})', () => {
  it("clears a field with '' or null and checks the rest by the same rules", () => {
    expect(updateVideoBody.parse({ publishedUrl: '', publishedAt: null })).toEqual({
      publishedUrl: null,
      publishedAt: null,
    });
    expect(firstByField(updateVideoBody, { publishedUrl: 'javascript:x' })).toEqual({
      publishedUrl: PUBLISHING_MESSAGES.urlInvalid,
    });
    expect(firstByField(updateVideoBody, { publishedAt: 5 })).toEqual({
      publishedAt: PUBLISHING_MESSAGES.dayInvalid,
    });
  });
});

describe('the Mark as posted dialog', () => {
  it("refuses a day after the browser's today and a bad URL, accepts both empty", () => {
    const check = markPostedForm('2026-05-10');
    expect(firstByField(check, { publishedUrl: '', publishedAt: '' })).toEqual({});
    expect(firstByField(check, { publishedUrl: 'x', publishedAt: '2026-05-11' })).toEqual({
      publishedUrl: PUBLISHING_MESSAGES.urlInvalid,
      publishedAt: PUBLISHING_MESSAGES.dayInFuture,
    });
    expect(markPostedBody({ publishedUrl: ' tiktok.com/@a/1 ', publishedAt: '' })).toEqual({
      publishedUrl: 'https://tiktok.com/@a/1',
    });
  });
  it('allows up to tomorrow in UTC on the server, for people ahead of UTC', () => {
    const now = new Date('2026-05-10T23:00:00Z');
    expect(latestPublishDay(now)).toBe('2026-05-11');
    expect(publishDayRefusal('2026-05-11', latestPublishDay(now))).toBeNull();
    expect(publishDayRefusal('2026-05-12', latestPublishDay(now))).toBe(
      PUBLISHING_MESSAGES.dayInFuture,
    );
  });
  it('writes the day as the card shows it', () => {
    expect(formatPublishedDay('2026-11-24')).toBe('24 Nov 2026');
  });
});
