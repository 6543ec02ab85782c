import { describe, expect, it } from 'vitest';
import {
  badgeLabel,
  NOTIFICATION_TEXT,
  notificationHref,
  personLabel,
  quotedVideoName,
  relativeTime,
} from './notifications';
import { DAY_MS } from './day-counter';

describe('notification texts', () => {
  it.each([
    NOTIFICATION_TEXT.comment('Anna', 'Spring promo'),
    NOTIFICATION_TEXT.mention('Anna', 'Spring promo'),
    NOTIFICATION_TEXT.reviewRequested('Anna', 'Spring promo'),
    NOTIFICATION_TEXT.reviewRequested('Anna', 'Spring promo', 2),
    NOTIFICATION_TEXT.reviewReminder('Spring promo', 2, 3),
    NOTIFICATION_TEXT.statusChange('Anna', 'Spring promo', 'review', 'ready_to_post'),
    NOTIFICATION_TEXT.editorAssigned('Anna', 'Spring promo'),
    NOTIFICATION_TEXT.newVideo('Anna', 'Spring promo', null),
    NOTIFICATION_TEXT.newVideo('Anna', 'Spring promo', 'Bob'),
    NOTIFICATION_TEXT.overdue('Spring promo'),
  ])('quote the video name in the $type message: $message', (text) => {
    expect(quotedVideoName(text.message)).toBe('Spring promo');
  });

  it('reads as the people expect', () => {
    expect(NOTIFICATION_TEXT.comment('Anna', 'Spring promo')).toEqual({
      type: 'comment',
      title: 'New comment',
      message: 'Anna commented on "Spring promo"',
      priority: 'normal',
    });
    expect(NOTIFICATION_TEXT.mention('Anna', 'X').priority).toBe('high');
    expect(NOTIFICATION_TEXT.statusChange('Anna', 'X', 'in_progress', 'posted').message).toBe(
      'Anna moved "X" from In Progress to Posted',
    );
    expect(NOTIFICATION_TEXT.newVideo('Lea', 'X', 'Bob').message).toBe(
      'Lea added a new video "X" for Bob',
    );
    expect(NOTIFICATION_TEXT.clientAssigned('Lea', 'Bob').message).toBe(
      'Lea assigned you to the client Bob',
    );
    expect(NOTIFICATION_TEXT.clientUnassigned('Lea', 'Bob', 0).message).toBe(
      'Lea removed you from the client Bob',
    );
    expect(NOTIFICATION_TEXT.clientUnassigned('Lea', 'Bob', 1).message).toBe(
      'Lea removed you from the client Bob and unassigned you from its 1 video',
    );
    expect(NOTIFICATION_TEXT.clientUnassigned('Lea', 'Bob', 3).message).toBe(
      'Lea removed you from the client Bob and unassigned you from its 3 videos',
    );
  });

  it('keep a quoted name whole even when it holds quotes itself', () => {
    const name = 'The "big" day';
    const who = personLabel({ name: 'Bob "B" Smith', username: 'bob' });
    expect(who).toBe("Bob 'B' Smith");
    expect(quotedVideoName(NOTIFICATION_TEXT.comment(who, name).message)).toBe(name);
    expect(quotedVideoName('no quotes')).toBeNull();
    expect(quotedVideoName('empty ""')).toBeNull();
  });

  it('name people by display name, else username', () => {
    expect(personLabel({ name: '  ', username: 'anna' })).toBe('anna');
    expect(personLabel({ name: null, username: 'anna' })).toBe('anna');
    expect(personLabel({ name: 'Anna S', username: 'anna' })).toBe('Anna S');
  });
});

describe('bell helpers', () => {
  it('shows 99+ above 99 and nothing at zero', () => {
    expect(badgeLabel(0)).toBeNull();
    expect(badgeLabel(1)).toBe('1');
    expect(badgeLabel(99)).toBe('99');
    expect(badgeLabel(100)).toBe('99+');
  });

  it('writes relative times, and recently for bad dates', () => {
    const now = new Date('2025-05-10T12:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
    expect(relativeTime(ago(30_000), now)).toBe('Just now');
    expect(relativeTime(ago(5 * 60_000), now)).toBe('5m ago');
    expect(relativeTime(ago(3 * 3_600_000), now)).toBe('3h ago');
    expect(relativeTime(ago(2 * DAY_MS), now)).toBe('2d ago');
    expect(relativeTime('not a date', now)).toBe('recently');
    expect(relativeTime(null, now)).toBe('recently');
  });

  it('leads to the dashboard opened on the video and comment', () => {
    expect(notificationHref({ videoId: 'v1', commentId: 'c1' })).toBe(
      '/dashboard?video=v1&comment=c1',
    );
    expect(notificationHref({ videoId: 'v1', commentId: null })).toBe('/dashboard?video=v1');
    expect(notificationHref({ videoId: null, commentId: null })).toBe('/dashboard');
    // The moment the comment names, for the player (the email's button is built here too).
    expect(notificationHref({ videoId: 'v1', commentId: 'c1', at: 62 })).toBe(
      '/dashboard?video=v1&comment=c1&t=62',
    );
    expect(notificationHref({ videoId: 'v1', commentId: 'c1', at: null })).toBe(
      '/dashboard?video=v1&comment=c1',
    );
  });
});
