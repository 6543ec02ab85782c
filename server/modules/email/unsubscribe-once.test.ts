import { gt, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_MS } from '@domain/day-counter';
import { EMAIL_MESSAGES, type EmailSettings } from '@domain/email';
import { emailUnsubscribeTokens } from '../../db/schema';
import { createTestApp, seedPeople, type Caller, type TestApp } from '../../test/helper';
import { createUnsubscribeToken } from './email.repository';

/**
 * Issue 37, observation 15: an unsubscribe link never expired, and an old email's link turned a
 * kind off again after its user had turned it back on. A link now makes one change of the
 * choice it was sent with, while that choice is as it was when sent, for 90 days. Tokens are
 * made by the function the email worker calls as it composes a message.
 */

let t: TestApp;
let id: Record<string, string>;
let call: Caller;

beforeAll(async () => {
  t = await createTestApp();
  ({ id, call } = await seedPeople(t, [['olivia', 'client', 'false', 'Olivia Owner']]));
  await save({ address: 'olivia@client.test' });
});
afterAll(async () => {
  await t.close();
});

async function settings() {
  return (await call('olivia', 'GET', '/api/email/settings')).json<EmailSettings>();
}

async function save(change: Partial<EmailSettings>) {
  const res = await call('olivia', 'PUT', '/api/email/settings', {
    ...(await settings()),
    ...change,
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function setMention(mode: EmailSettings['modes']['mention']) {
  await save({ modes: { ...(await settings()).modes, mention: mode } });
}

/** The mail client's one-click POST (RFC 8058). */
const unsubscribe = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: `/unsubscribe?token=${token}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });

/** A mention email's link, as the worker makes it when it composes the message. */
const mentionLink = () => createUnsubscribeToken(t.db, id.olivia!, 'mention');

describe('an unsubscribe link', () => {
  it('works once: used again after its user turned the kind back on, it is refused', async () => {
    await setMention('now');
    const token = await mentionLink();
    const first = await unsubscribe(token);
    expect(first.statusCode, first.body).toBe(200);
    expect((await settings()).modes.mention).toBe('off');

    await setMention('now');
    const again = await unsubscribe(token);
    expect(again.statusCode).toBe(410);
    expect(again.headers['content-type']).toContain('text/html');
    expect(again.body).toContain(EMAIL_MESSAGES.unsubscribeUsed);
    expect((await settings()).modes.mention).toBe('now');
    // Opened in a browser, it says so at once instead of offering the button.
    const page = await t.app.inject({ method: 'GET', url: `/unsubscribe?token=${token}` });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain(EMAIL_MESSAGES.unsubscribeUsed);
    expect(page.body).not.toContain('<form');
  });

  it('is refused once its user changed that choice after the email was sent', async () => {
    await setMention('now');
    const token = await mentionLink();
    await setMention('digest');
    await setMention('now');
    const res = await unsubscribe(token);
    expect(res.statusCode).toBe(410);
    expect(res.body).toContain(EMAIL_MESSAGES.unsubscribeChanged);
    expect((await settings()).modes.mention).toBe('now');
  });

  it('is not spent by a change to another choice or the address', async () => {
    await setMention('now');
    const token = await mentionLink();
    await save({ modes: { ...(await settings()).modes, posted: 'off' }, timeZone: 'Europe/Paris' });
    const res = await unsubscribe(token);
    expect(res.statusCode, res.body).toBe(200);
    expect((await settings()).modes.mention).toBe('off');
  });

  it('lasts 90 days: a 91-day-old link is refused, an 89-day-old one works', async () => {
    await setMention('now');
    const ago = (days: number) => new Date(Date.now() - days * DAY_MS);
    // Only a token's hash is kept: each link is dated as it is made, before the next one.
    const old = await mentionLink();
    await t.db
      .update(emailUnsubscribeTokens)
      .set({ createdAt: ago(91) })
      .where(isNull(emailUnsubscribeTokens.usedAt));
    const recent = await mentionLink();
    await t.db
      .update(emailUnsubscribeTokens)
      .set({ createdAt: ago(89) })
      .where(gt(emailUnsubscribeTokens.createdAt, ago(1)));

    const expired = await unsubscribe(old);
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain(EMAIL_MESSAGES.unsubscribeExpired);
    expect((await settings()).modes.mention).toBe('now');
    const fresh = await unsubscribe(recent);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect((await settings()).modes.mention).toBe('off');
  });

  it('an unknown link still says it is not valid (404)', async () => {
    const res = await unsubscribe('x'.repeat(32));
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(EMAIL_MESSAGES.unsubscribeInvalid);
  });
});
