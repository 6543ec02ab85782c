import { eq, inArray } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMAIL_MAX_ATTEMPTS,
  OUTBOX_KEEP_SENT_DAYS,
  type EmailSettings,
  type OutboxView,
} from '@domain/email';
import { emailEvents, emailOutbox } from '../../db/schema';
import { readSettings } from '../../env';
import { createTestApp, seedPeople, seedVideo, type Caller, type TestApp } from '../../test/helper';
import { startInbox, type Inbox } from '../../test/smtp';
import { DAY_MS as DAY } from '@domain/day-counter';

/**
 * Email over real SMTP (issue 19): a receiving server on loopback takes what the worker sends,
 * and each message is read back with mailparser. The worker's passes are driven by the test
 * (app.mailer.work), at times of its choosing for the digest and the retries.
 */
const PUBLIC = 'https://videos.example';
const FROM = 'Agency videos <mail@agency.test>';

let inbox: Inbox;
let t: TestApp;
let id: Record<string, string>;
let call: Caller;
let videoId: string;

const HOUR = 3_600_000;

/** A message put in the outbox by hand, as the worker would have left it. */
async function outboxRow(values: Partial<typeof emailOutbox.$inferInsert>) {
  const [row] = await t.db
    .insert(emailOutbox)
    .values({
      toAddress: 'olivia@client.test',
      kind: 'mention',
      subject: 'A message',
      textBody: 'text',
      htmlBody: '<p>html</p>',
      unsubscribeUrl: `${PUBLIC}/unsubscribe?token=${'y'.repeat(32)}`,
      ...values,
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  inbox = await startInbox();
  t = await createTestApp({ mail: { smtpUrl: inbox.url, from: FROM, publicUrl: PUBLIC } });
  ({ id, call } = await seedPeople(t, [
    ['olivia', 'client', 'false', 'Olivia Owner'],
    ['eddie', 'editor', 'false', 'Eddie'],
    ['king', 'king', 'true', null],
    ['lena', 'lead_editor', 'true', null],
  ]));
  ({ id: videoId } = await seedVideo(t, {
    userId: id.olivia!,
    assignedEditorId: id.eddie!,
    name: 'Spring promo',
  }));
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

/** A header as sent (unfolded), not as mailparser structures it. */
function rawHeader(mail: ParsedMail, name: string): string {
  const line = mail.headerLines.find((h) => h.key === name.toLowerCase())?.line ?? '';
  return line
    .slice(name.length + 1)
    .replace(/\r?\n\s+/g, ' ')
    .trim();
}

async function settingsOf(who: string) {
  const res = await call(who, 'GET', '/api/email/settings');
  expect(res.statusCode).toBe(200);
  return res.json<EmailSettings>();
}

async function save(who: string, change: Partial<EmailSettings>) {
  const res = await call(who, 'PUT', '/api/email/settings', {
    ...(await settingsOf(who)),
    ...change,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EmailSettings>();
}

async function comment(who: string, content: string) {
  const res = await call(who, 'POST', `/api/videos/${videoId}/comments`, { content });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string }>().id;
}

describe('settings', () => {
  it('start from the role defaults: a client hears of mentions, reviews and posting only', async () => {
    const client = await settingsOf('olivia');
    expect(client.address).toBe('');
    expect(client.modes).toMatchObject({
      mention: 'now',
      // Its turn (issue 41): a video ready for its review is told at once.
      review_requested: 'now',
      posted: 'digest',
      comment: 'off',
      status_change: 'off',
      changes_requested: 'off',
    });
    const editor = await settingsOf('eddie');
    expect(editor.modes).toMatchObject({
      mention: 'now',
      changes_requested: 'now',
      comment: 'digest',
    });
  });

  it('refuse a bad address or time zone with a clear message', async () => {
    const base = await settingsOf('olivia');
    const bad = await call('olivia', 'PUT', '/api/email/settings', { ...base, address: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('valid email address');
    const zone = await call('olivia', 'PUT', '/api/email/settings', {
      ...base,
      timeZone: 'Mars/Olympus',
    });
    expect(zone.statusCode).toBe(400);
    expect(zone.body).toContain('time zone');
  });

  it('keep nothing for someone without an address', async () => {
    await comment('eddie', 'Hello @olivia');
    expect(await t.db.select().from(emailEvents)).toEqual([]);
  });
});

describe('an email at once', () => {
  let token: string;

  it('is delivered over SMTP with both bodies, the video link and the unsubscribe headers', async () => {
    await save('olivia', { address: 'olivia@client.test' });
    const commentId = await comment('eddie', '@olivia the logo at 01:02 is fixed');
    const result = await t.app.mailer.work();
    expect(result).toMatchObject({ composed: 1, sent: 1, failed: 0 });

    const [mail, ...more] = inbox.to('olivia@client.test');
    expect(more).toEqual([]);
    expect(mail!.from?.value).toEqual([{ name: 'Agency videos', address: 'mail@agency.test' }]);
    expect(mail!.subject).toBe('You were mentioned: Spring promo');
    const link = `${PUBLIC}/dashboard?video=${videoId}&comment=${commentId}&t=62`;
    // What was said, quoted, in both bodies.
    expect(mail!.text).toContain(
      'Eddie mentioned you in a comment on "Spring promo": “@olivia the logo at 01:02 is fixed”',
    );
    expect(mail!.text).toContain(link);
    expect(mail!.html).toContain('Spring promo');
    expect(mail!.html).toContain('“@olivia the logo at 01:02 is fixed”');
    expect(mail!.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);

    const header = rawHeader(mail!, 'List-Unsubscribe');
    expect(header).toMatch(new RegExp(`^<${PUBLIC}/unsubscribe\\?token=[\\w-]+>$`));
    const url = header.slice(1, -1);
    expect(rawHeader(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail!.text).toContain(url);
    expect(mail!.html).toContain(url);
    token = new URL(url).searchParams.get('token')!;

    const [row] = await t.db.select().from(emailOutbox);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
  });

  it('unsubscribes in one click without a cookie, from that kind only', async () => {
    // Opening the link only asks: a scanner that follows it changes nothing.
    const page = await t.app.inject({ method: 'GET', url: `/unsubscribe?token=${token}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect((await settingsOf('olivia')).modes.mention).toBe('now');

    const res = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('someone mentions you');
    const after = await settingsOf('olivia');
    expect(after.modes.mention).toBe('off');
    expect(after.modes.review_requested).toBe('now');

    // The token is no session and opens nothing else.
    const me = await t.app.inject({ url: '/api/auth/me', headers: { cookie: `sid=${token}` } });
    expect(me.statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe?token=${'x'.repeat(32)}`,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({ method: 'POST', url: '/unsubscribe?token=<>' });
    expect(malformed.statusCode).toBe(400);

    await comment('eddie', '@olivia once more');
    expect(await t.app.mailer.work()).toMatchObject({ composed: 0, sent: 0 });
    expect(inbox.to('olivia@client.test')).toHaveLength(1);
  });
});

describe('the digest', () => {
  it("gathers a day's events into one email per user, in the user's time zone", async () => {
    await save('eddie', {
      address: 'eddie@agency.test',
      digest: 'daily',
      timeZone: 'America/New_York',
    });
    await save('olivia', { modes: { ...(await settingsOf('olivia')).modes, comment: 'digest' } });
    // 10:00 in New York: the next digest is 08:00 there tomorrow (13:00 UTC).
    const morning = new Date('2026-03-02T15:00:00Z');
    await comment('olivia', 'First note');
    await comment('olivia', 'Second note');
    await comment('olivia', 'Third note at 00:10');
    expect(await t.app.mailer.work(morning)).toMatchObject({ composed: 0, sent: 0 });
    const waiting = await t.db.select().from(emailEvents);
    expect(waiting).toHaveLength(3);
    expect(new Set(waiting.map((e) => e.dueAt?.toISOString()))).toEqual(
      new Set(['2026-03-03T13:00:00.000Z']),
    );
    expect(await t.app.mailer.work(new Date('2026-03-03T12:59:00Z'))).toMatchObject({
      composed: 0,
    });

    expect(await t.app.mailer.work(new Date('2026-03-03T13:00:00Z'))).toMatchObject({
      composed: 1,
      sent: 1,
    });
    const digests = inbox.to('eddie@agency.test');
    expect(digests).toHaveLength(1);
    const digest = digests[0]!;
    expect(digest.subject).toBe('Your daily digest: 3 updates');
    expect(digest.text?.match(/Olivia Owner commented on "Spring promo"/g)).toHaveLength(3);
    expect(digest.html).toContain('Your daily digest: 3 updates');
    expect(digest.text).toContain('&t=10');
    expect(rawHeader(digest, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(rawHeader(digest, 'List-Unsubscribe')).toContain(`${PUBLIC}/unsubscribe?token=`);
    expect(await t.db.select().from(emailEvents)).toEqual([]);
  });

  it('goes out at the next full hour when hourly', async () => {
    await save('eddie', { digest: 'hourly' });
    const at = new Date(Date.now() + 0.5 * HOUR);
    await comment('olivia', 'Hourly note');
    await t.app.mailer.work(at);
    const [event] = await t.db.select().from(emailEvents);
    expect(event!.dueAt!.getTime() % HOUR).toBe(0);
    expect(event!.dueAt!.getTime() - at.getTime()).toBeLessThanOrEqual(HOUR);
    await t.app.mailer.work(event!.dueAt!);
    expect(inbox.to('eddie@agency.test')).toHaveLength(2);
  });
});

describe('a refused send', () => {
  it('is retried with backoff, then shown to the king as failed', async () => {
    inbox.refuse = true;
    await save('olivia', { modes: { ...(await settingsOf('olivia')).modes, mention: 'now' } });
    await comment('eddie', '@olivia are you there?');
    let now = new Date();
    expect(await t.app.mailer.work(now)).toMatchObject({ composed: 1, sent: 0, failed: 0 });
    const [first] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.status, 'pending'));
    expect(first).toMatchObject({ attempts: 1 });
    expect(first!.lastError).toContain('Mailbox unavailable');
    expect(first!.nextAttemptAt.getTime() - now.getTime()).toBe(60_000);

    // Not before its time.
    expect(await t.app.mailer.work(new Date(now.getTime() + 59_000))).toMatchObject({ sent: 0 });
    for (let attempt = 2; attempt <= EMAIL_MAX_ATTEMPTS; attempt++) {
      now = new Date(now.getTime() + 4 ** (attempt - 2) * 60_000);
      await t.app.mailer.work(now);
    }
    const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, first!.id));
    expect(row).toMatchObject({ status: 'failed', attempts: EMAIL_MAX_ATTEMPTS });
    inbox.refuse = false;
    expect(await t.app.mailer.work(new Date(now.getTime() + 100 * HOUR))).toMatchObject({
      sent: 0,
    });

    const outbox = await call('king', 'GET', '/api/admin/email-outbox');
    expect(outbox.statusCode).toBe(200);
    const view = outbox.json<OutboxView>();
    expect(view.delivering).toBe(true);
    const failed = view.messages.find((m) => m.id === first!.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: EMAIL_MAX_ATTEMPTS });
    expect(failed!.lastError).toContain('Mailbox unavailable');
    expect(JSON.stringify(view)).not.toContain('htmlBody');

    // Other admins do not read people's mail.
    expect((await call('lena', 'GET', '/api/admin/email-outbox')).statusCode).toBe(403);
  });

  it('a message whose worker died is taken again once its lease runs out', async () => {
    const row = await outboxRow({
      subject: 'Left behind',
      status: 'sending',
      attempts: 1,
      worker: 'gone',
      leaseUntil: new Date(Date.now() + 60_000),
    });
    expect(await t.app.mailer.work()).toMatchObject({ sent: 0 });
    expect(await t.app.mailer.work(new Date(Date.now() + 61_000))).toMatchObject({ sent: 1 });
    const [after] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, row!.id));
    expect(after).toMatchObject({ status: 'sent', attempts: 2 });
    expect(inbox.messages.filter((m) => m.subject === 'Left behind')).toHaveLength(1);
  });
});

describe('the outbox', () => {
  it('is pruned of messages sent longer ago than OUTBOX_KEEP_SENT_DAYS; the rest stay', async () => {
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
    const keep = OUTBOX_KEEP_SENT_DAYS;
    const old = await outboxRow({
      subject: 'Sent long ago',
      status: 'sent',
      attempts: 1,
      createdAt: daysAgo(keep + 2),
      sentAt: daysAgo(keep + 1),
    });
    // Written long ago, sent lately (after retries or while SMTP was off): its sending counts.
    const late = await outboxRow({
      subject: 'Sent lately',
      status: 'sent',
      attempts: 3,
      createdAt: daysAgo(keep + 2),
      sentAt: daysAgo(keep - 1),
    });
    const failed = await outboxRow({
      subject: 'Never delivered',
      status: 'failed',
      attempts: EMAIL_MAX_ATTEMPTS,
      lastError: 'Mailbox unavailable',
      createdAt: daysAgo(keep * 3),
      nextAttemptAt: daysAgo(keep * 2),
    });

    expect(await t.app.mailer.work(now)).toMatchObject({ pruned: 1 });
    const left = await t.db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(inArray(emailOutbox.id, [old.id, late.id, failed.id]));
    expect(left.map((r) => r.id).sort()).toEqual([late.id, failed.id].sort());
    // The king's view still names the failure.
    const view = (await call('king', 'GET', '/api/admin/email-outbox')).json<OutboxView>();
    expect(view.messages.find((m) => m.id === failed.id)).toMatchObject({ status: 'failed' });

    // A day later the lately sent one is old enough too; the failed one stays.
    expect(await t.app.mailer.work(new Date(now.getTime() + 2 * DAY))).toMatchObject({
      pruned: 1,
    });
    const [still] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, failed.id));
    expect(still).toMatchObject({ status: 'failed', subject: 'Never delivered' });
    expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, late.id))).toHaveLength(
      0,
    );
  });
});

describe('without SMTP settings', () => {
  it('keeps every message in the outbox, which the king reads', async () => {
    const quiet = await createTestApp();
    try {
      const people = await seedPeople(quiet, [
        ['cleo', 'client', 'false', null],
        ['sam', 'editor', 'false', 'Sam'],
        ['boss', 'king', 'true', null],
      ]);
      const video = await seedVideo(quiet, {
        userId: people.id.cleo,
        assignedEditorId: people.id.sam,
        name: 'Launch film',
      });
      const settings = (await people.call('cleo', 'GET', '/api/email/settings')).json<object>();
      await people.call('cleo', 'PUT', '/api/email/settings', {
        ...settings,
        address: 'cleo@client.test',
      });
      await people.call('sam', 'POST', `/api/videos/${video.id}/comments`, {
        content: 'Have a look @cleo',
      });
      expect(await quiet.app.mailer.work()).toMatchObject({ composed: 1, sent: 0 });
      const view = (await people.call('boss', 'GET', '/api/admin/email-outbox')).json<OutboxView>();
      expect(view.delivering).toBe(false);
      expect(view.messages).toHaveLength(1);
      expect(view.messages[0]).toMatchObject({
        toAddress: 'cleo@client.test',
        subject: 'You were mentioned: Launch film',
        status: 'pending',
        attempts: 0,
      });
      expect(view.messages[0]!.textBody).toContain('Sam mentioned you');
    } finally {
      await quiet.close();
    }
  });
});

describe('a video name of more than one line, kept from before names were one line', () => {
  it('cannot forge header lines in the plain-text body or the subject (issue 37, obs 13)', async () => {
    const forged = 'Old promo\r\nBcc: everyone@agency.test\nSubject: Pay now\u2028To: x@y.test';
    const legacy = await seedVideo(t, {
      userId: id.olivia!,
      assignedEditorId: id.eddie!,
      name: forged,
    });
    await save('lena', { address: 'lena@agency.test' });
    const res = await call('eddie', 'POST', `/api/videos/${legacy.id}/comments`, {
      content: '@lena please look',
    });
    expect(res.statusCode, res.body).toBe(201);
    await t.app.mailer.work();
    const [mail, ...more] = inbox.to('lena@agency.test');
    expect(more).toEqual([]);
    expect(mail!.bcc).toBeUndefined();
    expect(inbox.to('everyone@agency.test')).toEqual([]);
    const lines = mail!.text!.split(/\r?\n|\r|\u2028/);
    expect(lines.filter((l) => /^\s*(Bcc|Subject|To):/i.test(l))).toEqual([]);
    expect(mail!.subject).toBe(
      'You were mentioned: Old promo Bcc: everyone@agency.test Subject: Pay now To: x@y.test',
    );
    expect(mail!.text).toContain('on "Old promo Bcc: everyone@agency.test Subject: Pay now');
  });
});

describe('the settings of server/env.ts', () => {
  it('need no SMTP, and refuse a malformed one with its name', () => {
    expect(readSettings({ PORT: '5311' })).toMatchObject({
      smtpUrl: undefined,
      publicUrl: 'http://localhost:5311',
    });
    expect(
      readSettings({
        SMTP_URL: 'smtp://user:pw@mail.example:587',
        MAIL_FROM: FROM,
        PUBLIC_URL: 'https://videos.example/some/page',
      }),
    ).toMatchObject({
      smtpUrl: 'smtp://user:pw@mail.example:587',
      mailFrom: FROM,
      publicUrl: 'https://videos.example',
    });
    expect(() => readSettings({ SMTP_URL: 'mail.example' })).toThrow(/SMTP_URL/);
    expect(() => readSettings({ PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL/);
  });
});
