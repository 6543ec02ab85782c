import { describe, expect, it } from 'vitest';
import {
  defaultEmailMode,
  EMAIL_KINDS,
  emailKindOf,
  emailModes,
  nextDigestAt,
  renderDigest,
  renderEmail,
  retryDelayMs,
  storedChoices,
} from './email';
import { NOTIFICATION_TYPES } from './notifications';

describe('email kinds and defaults', () => {
  it('cover every notification type, and posting apart', () => {
    for (const type of NOTIFICATION_TYPES) expect(EMAIL_KINDS).toContain(type);
    expect(emailKindOf('status_change', 'posted')).toBe('posted');
    expect(emailKindOf('status_change', 'review')).toBe('status_change');
  });

  it('send mentions and changes requested at once, the rest in the digest', () => {
    expect(defaultEmailMode('mention', 'editor')).toBe('now');
    expect(defaultEmailMode('changes_requested', 'lead_editor')).toBe('now');
    expect(defaultEmailMode('comment', 'editor')).toBe('digest');
  });

  it("keep a client's inbox to mentions, review requests, deliveries, posting and replies in its threads", () => {
    for (const role of ['client', 'client_team_lead']) {
      const on = EMAIL_KINDS.filter((k) => defaultEmailMode(k, role) !== 'off');
      expect(on.sort()).toEqual([
        'delivery_ready',
        'mention',
        'posted',
        'reply',
        'review_requested',
      ]);
      // A paid video's delivery is news the client waits for: at once (issue 44).
      expect(defaultEmailMode('delivery_ready', role)).toBe('now');
    }
  });

  it('tell the client side at once when a video is ready for its review (its turn)', () => {
    expect(defaultEmailMode('review_requested', 'client')).toBe('now');
    expect(defaultEmailMode('review_requested', 'client_team_lead')).toBe('now');
    expect(defaultEmailMode('review_requested', 'lead_editor')).toBe('digest');
    expect(defaultEmailMode('posted', 'client')).toBe('digest');
  });

  it('store only what differs from the defaults', () => {
    const modes = { ...emailModes('client', {}), comment: 'now' as const };
    expect(storedChoices('client', modes)).toEqual({ comment: 'now' });
    expect(emailModes('client', { comment: 'now', mention: 'bogus' })).toMatchObject({
      comment: 'now',
      mention: 'now',
    });
  });
});

describe('digest timing', () => {
  it('daily: 08:00 of the next day in the zone, across a daylight-saving change', () => {
    // 2026-03-08 is the US spring-forward day: 08:00 in New York is 12:00 UTC, not 13:00.
    expect(nextDigestAt(new Date('2026-03-07T15:00:00Z'), 'daily', 'America/New_York')).toEqual(
      new Date('2026-03-08T12:00:00Z'),
    );
    // Before 08:00 there: today.
    expect(nextDigestAt(new Date('2026-06-01T04:00:00Z'), 'daily', 'Europe/Berlin')).toEqual(
      new Date('2026-06-01T06:00:00Z'),
    );
    expect(nextDigestAt(new Date('2026-06-01T06:00:00Z'), 'daily', 'Europe/Berlin')).toEqual(
      new Date('2026-06-02T06:00:00Z'),
    );
  });

  it('hourly: the next full hour', () => {
    expect(nextDigestAt(new Date('2026-06-01T04:59:59Z'), 'hourly', 'Asia/Kolkata')).toEqual(
      new Date('2026-06-01T05:00:00Z'),
    );
  });

  it('retries after 1, 4, 16 and 64 minutes', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n) / 60_000)).toEqual([1, 4, 16, 64]);
  });
});

describe('texts', () => {
  it('keep each name on one line in the plain-text body, the digest and the subject (issue 37, obs 13)', () => {
    const item = {
      kind: 'mention' as const,
      title: 'You were mentioned',
      message: 'Eve mentioned you in a comment on "Promo\r\nBcc: all@x.test\u2029Subject: Pay"',
      link: 'https://v.example/dashboard?video=1',
    };
    const once = renderEmail(item, 'https://v.example/unsubscribe?token=t');
    const digest = renderDigest([item], 'daily', 'https://v.example/unsubscribe?token=t');
    for (const email of [once, digest]) {
      expect(email.subject).not.toMatch(/[\r\n\u2028\u2029]/);
      const lines = email.text.split('\n');
      expect(lines.filter((l) => /^\s*(Bcc|Subject):/.test(l))).toEqual([]);
      expect(email.text).not.toMatch(/[\r\u2028\u2029]/);
    }
    expect(once.subject).toBe('You were mentioned: Promo Bcc: all@x.test Subject: Pay');
  });

  it('escape what people wrote in the HTML body', () => {
    const email = renderEmail(
      {
        kind: 'mention',
        title: 'You were mentioned',
        message: 'Eve mentioned you in a comment on "<script>x</script>"',
        link: 'https://v.example/dashboard?video=1&comment=2',
      },
      'https://v.example/unsubscribe?token=t',
    );
    expect(email.subject).toBe('You were mentioned: <script>x</script>');
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('&lt;script&gt;');
    expect(email.html).toContain('href="https://v.example/dashboard?video=1&amp;comment=2"');
  });
});
