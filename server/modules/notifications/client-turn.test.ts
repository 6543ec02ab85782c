import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS as DAY } from '@domain/day-counter';
import { CLIENT_TURN_MESSAGES } from '@domain/client-turn';
import {
  agencySettings,
  clientTeamLeadAssignments,
  emailEvents,
  emailOutbox,
  notifications,
  reviewRounds,
  videos,
} from '../../db/schema';
import { createTestApp, seedPeople, seedVideo, type Caller, type TestApp } from '../../test/helper';
import { startInbox, type Inbox } from '../../test/smtp';
import { openAt, type TestSocket } from '../../test/socket';
import { notificationsByUser } from './test-fixtures';

/**
 * The client's turn (issue 41, part 6): a move to review tells the owner and its team leads on
 * the bell and by email at once, as well as the lead editors; a video still waiting is reminded
 * on the agency's reminder days (3 and 7), once a day at most and never after the decision.
 */

let inbox: Inbox;
let t: TestApp;
let id: Record<string, string>;
let cookie: Record<string, string>;
let call: Caller;
let base: string;

beforeAll(async () => {
  inbox = await startInbox();
  t = await createTestApp({
    mail: { smtpUrl: inbox.url, from: 'Agency <mail@agency.test>', publicUrl: 'https://v.test' },
  });
  ({ id, cookie, call } = await seedPeople(t, [
    ['olivia', 'client', 'false', 'Olivia Owner'],
    ['tl1', 'client_team_lead', 'false', 'Tara'],
    ['tl2', 'client_team_lead', 'false', 'Tom'],
    ['eddie', 'editor', 'false', 'Eddie'],
    ['lena', 'lead_editor', 'false', 'Lena'],
    ['king', 'king', 'true', null],
  ]));
  await t.db.insert(clientTeamLeadAssignments).values([
    { clientId: id.olivia!, teamLeadId: id.tl1! },
    { clientId: id.olivia!, teamLeadId: id.tl2! },
  ]);
  for (const who of ['olivia', 'tl1', 'tl2']) {
    const settings = (await call(who, 'GET', '/api/email/settings')).json();
    const res = await call(who, 'PUT', '/api/email/settings', {
      ...settings,
      address: `${who}@client.test`,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});
beforeEach(async () => {
  await t.db.delete(notifications);
  await t.db.delete(emailEvents);
  await t.db.delete(emailOutbox);
  inbox.messages.length = 0;
});

const video = (values: Partial<typeof videos.$inferInsert> = {}) =>
  seedVideo(t, {
    userId: id.olivia!,
    assignedEditorId: id.eddie!,
    name: 'Spring promo',
    status: 'in_progress',
    ...values,
  });

describe('a move to review', () => {
  it('tells the owner and each team lead within 2 s over the socket, and one email at once', async () => {
    const v = await video({ currentVersion: 2 });
    const sockets: Record<string, TestSocket> = {};
    for (const who of ['olivia', 'tl1', 'tl2']) {
      sockets[who] = await openAt(base, { cookie: cookie[who] });
      await sockets[who].messages(1);
    }
    const res = await call('eddie', 'PATCH', `/api/videos/${v.id}/status`, { status: 'review' });
    expect(res.statusCode, res.body).toBe(200);
    for (const who of ['olivia', 'tl1', 'tl2']) {
      const [, notice] = await sockets[who]!.messages(2, 2000);
      expect(notice).toMatchObject({
        type: 'notification',
        data: {
          type: 'review_requested',
          title: 'Video ready for review',
          message: 'Eddie sent v2 of "Spring promo" for review',
          videoId: v.id,
        },
      });
      sockets[who]!.ws.close();
    }
    // The lead editors still hear it; the editor who moved it does not.
    expect(await notificationsByUser(t)).toEqual({
      lena: ['review_requested'],
      olivia: ['review_requested'],
      tl1: ['review_requested'],
      tl2: ['review_requested'],
    });

    // At once by default for the client side: one pass of the worker sends them, no digest.
    expect(await t.app.mailer.work()).toMatchObject({ composed: 3, sent: 3, failed: 0 });
    for (const who of ['olivia', 'tl1', 'tl2']) {
      const mails = inbox.to(`${who}@client.test`);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Video ready for review: Spring promo');
      expect(mails[0]!.text).toContain('Eddie sent v2 of "Spring promo" for review');
      expect(mails[0]!.text).toContain(`https://v.test/dashboard?video=${v.id}`);
    }
    expect(await t.app.mailer.work()).toMatchObject({ composed: 0, sent: 0 });
  });

  it('names the source while the video has no cut yet', async () => {
    const v = await video();
    await call('eddie', 'PATCH', `/api/videos/${v.id}/status`, { status: 'review' });
    const [n] = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, id.olivia!));
    expect(n!.message).toBe('Eddie sent the source of "Spring promo" for review');
  });
});

describe('review reminders', () => {
  const start = new Date('2026-03-02T09:00:00Z');
  const after = (days: number, hours = 0) => new Date(start.getTime() + days * DAY + hours * 3.6e6);
  const sweep = (now: Date) => t.app.reviewReminders.sweep(now);
  beforeEach(async () => {
    await t.db.delete(videos);
  });
  const reminders = async () =>
    (await t.db.select().from(notifications)).filter((n) => n.title.startsWith('Still waiting'));

  /** A video in review since `start`, with its open round (as the status move opens it). */
  async function waiting(name = 'Spring promo') {
    const v = await video({ name, status: 'review', rounds: 1, currentVersion: 1 });
    await t.db.insert(reviewRounds).values({ videoId: v.id, number: 1, version: 1, sentAt: start });
    return v;
  }

  it('go to the client side after 3 days and once more after 7, never twice a day', async () => {
    const v = await waiting();
    expect(await sweep(after(2, 23))).toBe(0);
    expect(await sweep(after(3))).toBe(1);
    expect(await notificationsByUser(t)).toEqual({
      olivia: ['review_requested'],
      tl1: ['review_requested'],
      tl2: ['review_requested'],
    });
    expect((await reminders())[0]).toMatchObject({
      message: 'v1 of "Spring promo" has waited 3 days for your review',
      videoId: v.id,
      priority: 'high',
    });
    // The same day again, and the days between: nothing.
    expect(await sweep(after(3, 5))).toBe(0);
    expect(await sweep(after(6))).toBe(0);
    expect(await reminders()).toHaveLength(3);
    expect(await sweep(after(7))).toBe(1);
    expect(await reminders()).toHaveLength(6);
    const [round] = await t.db.select().from(reviewRounds).where(eq(reviewRounds.videoId, v.id));
    expect(round).toMatchObject({ remindersSent: 2, remindedAt: after(7) });
    // Two reminders in all: none after the last day.
    expect(await sweep(after(30))).toBe(0);
    expect(await t.app.mailer.work(after(30))).toMatchObject({ sent: 6 });
    expect(inbox.to('olivia@client.test')).toHaveLength(2);
  });

  it('never after the decision, and one a day even when the sweep comes late', async () => {
    const v = await waiting();
    const late = await waiting('Late one');
    await t.db
      .update(reviewRounds)
      .set({ decision: 'approved', decidedAt: after(1), decidedById: id.olivia! })
      .where(eq(reviewRounds.videoId, v.id));
    await t.db.update(videos).set({ status: 'ready_to_post' }).where(eq(videos.id, v.id));
    // The first sweep after 10 days: one reminder (the first), the next a day later.
    expect(await sweep(after(10))).toBe(1);
    expect(await sweep(after(10, 23))).toBe(0);
    expect(await sweep(after(11))).toBe(1);
    expect(new Set((await reminders()).map((n) => n.videoId))).toEqual(new Set([late.id]));
  });

  it('are claimed once when two instances sweep at the same moment', async () => {
    await waiting();
    const twin = await createTestApp({ database: t.database });
    try {
      const counts = await Promise.all([sweep(after(3)), twin.app.reviewReminders.sweep(after(3))]);
      expect(counts.sort()).toEqual([0, 1]);
      expect(await reminders()).toHaveLength(3);
    } finally {
      await twin.app.close();
    }
  });

  it('follow the days the king sets; nobody else may set them', async () => {
    expect((await call('king', 'GET', '/api/admin/review-reminders')).json()).toEqual({
      days: [3, 7],
    });
    for (const who of ['lena', 'olivia', 'eddie']) {
      const res = await call(who, 'PUT', '/api/admin/review-reminders', { days: [1] });
      expect(res.statusCode).toBe(403);
    }
    const bad = await call('king', 'PUT', '/api/admin/review-reminders', { days: [2, 2] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(CLIENT_TURN_MESSAGES.reminderDays);
    const saved = await call('king', 'PUT', '/api/admin/review-reminders', { days: [5, 1] });
    expect(saved.json()).toEqual({ days: [1, 5] });
    try {
      await waiting();
      expect(await sweep(after(1))).toBe(1);
      expect(await sweep(after(3))).toBe(0);
      expect(await sweep(after(5))).toBe(1);
    } finally {
      await t.db.update(agencySettings).set({ reviewReminderDays: [3, 7] });
    }
  });
});
