import { asc, count, eq, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPLETED_STATUSES, VIDEO_STATUSES } from '@domain/video-status';
import { turnLine } from '@domain/turnaround';
import { isOverdue } from '@domain/workflow';
import { commentQuote } from '@domain/notifications';
import { BUILT_IN_VIDEO_TYPES } from '@domain/video-types';
import { verifyPassword } from '../lib/passwords';
import {
  customPriceSql,
  defaultPlanRulePriceSql,
  planRulePriceSql,
  videoEffectivePriceSql,
} from '../modules/invoicing/pricing-sql';
import { createTestApp, createTestDatabase } from '../test/helper';
import type { Database, Db } from './client';
import { DEMO_PASSWORD, DEMO_USERS, loadDemo } from './demo';
import {
  clientEditorAssignments,
  clientPricingPlanAssignments,
  clientTeamLeadAssignments,
  clientVideoTypePricing,
  comments,
  notifications,
  overdueNotices,
  paymentEvents,
  pricingPlanRules,
  pricingPlans,
  users,
  videos,
  videoStatusHistory,
  videoTypes,
} from './schema';
import { ensureKing } from './seed';
import { DAY_MS as DAY } from '@domain/day-counter';

const NOW = new Date();
const MONEY = /^\d+\.\d{2}$/;
const COMPLETED = ['ready_to_post', 'posted'];

let database: Database;
let db: Db;
let first: { created: boolean; message: string };

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  // As in server/main.ts: migrations, then the king, then the demo.
  await ensureKing(db, { password: 'king-secret', generate: () => 'unused' });
  first = await loadDemo(db, { now: NOW });
});
afterAll(async () => {
  await database.close();
});

const ALL_TABLES: PgTable[] = [
  users,
  videos,
  videoStatusHistory,
  comments,
  notifications,
  overdueNotices,
  videoTypes,
  clientEditorAssignments,
  clientTeamLeadAssignments,
  clientVideoTypePricing,
  pricingPlans,
  pricingPlanRules,
  clientPricingPlanAssignments,
  paymentEvents,
];

async function tableCounts(target: Db) {
  const out: Record<string, number> = {};
  for (const table of ALL_TABLES) {
    const [row] = await target.select({ n: count() }).from(table);
    out[getTableName(table)] = row!.n;
  }
  return out;
}

async function demoUsers() {
  return db
    .select()
    .from(users)
    .where(
      inArray(
        users.username,
        DEMO_USERS.map((u) => u.username),
      ),
    );
}

/** Cents from a two-decimal string, without floating point. */
const cents = (value: string) => Number(value.replace('.', ''));

describe('loadDemo on an empty install', () => {
  it('says it created the agency and how to sign in', () => {
    expect(first.created).toBe(true);
    expect(first.message).toMatch(
      /^loaded 20 users, 200 videos, \d+ comments and \d+ notifications\./,
    );
    expect(first.message).toContain('lead.lena');
    expect(first.message).toContain(DEMO_PASSWORD);
  });

  it('creates every demo user with its role, sharing one hash of the demo password', async () => {
    expect(DEMO_PASSWORD).toBe('demo1234');
    const rows = await demoUsers();
    expect(rows).toHaveLength(DEMO_USERS.length);
    const byRole = (role: string) => rows.filter((r) => r.role === role).map((r) => r.username);
    expect(byRole('client')).toHaveLength(12);
    expect(byRole('editor')).toHaveLength(5);
    expect(byRole('lead_editor').sort()).toEqual(['lead.lena', 'lead.marcus']);
    expect(byRole('client_team_lead')).toEqual(['teamlead.olivia']);
    expect(byRole('editor')).toContain('editor.sam');
    expect(byRole('client')).toContain('client.brightsmile');
    expect(
      rows
        .filter((r) => r.isVip)
        .map((r) => r.username)
        .sort(),
    ).toEqual(['client.brightsmile', 'client.harborhomes', 'client.novaskin']);
    expect(rows.every((r) => r.isAdmin === 'false')).toBe(true);
    expect(rows.every((r) => r.name && r.name.length > 2)).toBe(true);
    expect(new Set(rows.map((r) => r.password)).size).toBe(1);
    expect(rows[0]!.password).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(rows[0]!.password, DEMO_PASSWORD)).toBe(true);
    for (const u of DEMO_USERS) {
      expect(rows.find((r) => r.username === u.username)).toMatchObject({
        role: u.role,
        name: u.name,
        isVip: u.isVip,
      });
    }
  });

  it('assigns editors to clients: some unassigned, some with two editors', async () => {
    const rows = await demoUsers();
    const role = new Map(rows.map((r) => [r.id, r.role]));
    const assignments = await db.select().from(clientEditorAssignments);
    expect(assignments.every((a) => role.get(a.clientId) === 'client')).toBe(true);
    expect(assignments.every((a) => role.get(a.editorId) === 'editor')).toBe(true);
    const perClient = new Map<string, number>();
    for (const a of assignments) perClient.set(a.clientId, (perClient.get(a.clientId) ?? 0) + 1);
    const clients = rows.filter((r) => r.role === 'client');
    const unassigned = clients.filter((c) => !perClient.has(c.id));
    expect(unassigned.length).toBeGreaterThanOrEqual(2);
    expect([...perClient.values()].filter((n) => n === 2).length).toBeGreaterThanOrEqual(2);
    const leads = await db.select().from(clientTeamLeadAssignments);
    expect(leads.length).toBeGreaterThan(0);
    expect(leads.every((l) => role.get(l.teamLeadId) === 'client_team_lead')).toBe(true);
    // The team lead leads two clients (issue 14: it signs in to both clients' videos).
    const username = new Map(rows.map((r) => [r.id, r.username]));
    expect(leads.map((l) => [username.get(l.teamLeadId), username.get(l.clientId)]).sort()).toEqual(
      [
        ['teamlead.olivia', 'client.brightsmile'],
        ['teamlead.olivia', 'client.novaskin'],
      ],
    );
  });

  it('creates about 200 videos in every status and every built-in type', async () => {
    const rows = await db.select().from(videos);
    expect(rows).toHaveLength(200);
    const statuses = new Set(rows.map((v) => v.status));
    expect([...statuses].sort()).toEqual([...VIDEO_STATUSES].sort());
    for (const status of VIDEO_STATUSES) {
      expect(rows.filter((v) => v.status === status).length).toBeGreaterThanOrEqual(10);
    }
    expect([...new Set(rows.map((v) => v.type))].sort()).toEqual(
      BUILT_IN_VIDEO_TYPES.map((t) => t.name).sort(),
    );
  });

  it('numbers each client\u2019s videos 1..n without gaps, oldest first', async () => {
    const rows = await db.select().from(videos).orderBy(asc(videos.userId), asc(videos.ordinal));
    const byClient = new Map<string, typeof rows>();
    for (const v of rows) byClient.set(v.userId, [...(byClient.get(v.userId) ?? []), v]);
    expect(byClient.size).toBe(12);
    for (const list of byClient.values()) {
      expect(list.map((v) => v.ordinal)).toEqual(list.map((_, i) => i + 1));
      const starts = list.map((v) => v.startDate!.getTime());
      expect(starts).toEqual([...starts].sort((a, b) => a - b));
      expect(new Set(list.map((v) => v.name)).size).toBe(list.length);
    }
  });

  it('spreads dates over the past six months, with overdue work and finish dates on completed videos', async () => {
    const rows = await db.select().from(videos);
    const now = NOW.getTime();
    for (const v of rows) {
      const start = v.startDate!.getTime();
      expect(start).toBeLessThanOrEqual(now);
      expect(start).toBeGreaterThan(now - 183 * DAY);
      expect(v.dueDate!.getTime()).toBeGreaterThan(start);
      expect(v.createdAt.getTime()).toBe(start);
      if (COMPLETED.includes(v.status)) {
        expect(v.finishDate).not.toBeNull();
        expect(v.finishDate!.getTime()).toBeGreaterThan(start);
        expect(v.finishDate!.getTime()).toBeLessThanOrEqual(now);
        expect(v.duration).toBeGreaterThan(0);
      } else {
        expect(v.finishDate).toBeNull();
      }
    }
    const startsAgo = rows.map((v) => (now - v.startDate!.getTime()) / DAY);
    expect(Math.max(...startsAgo)).toBeGreaterThan(150);
    expect(Math.min(...startsAgo)).toBeLessThan(7);
    const overdue = rows.filter((v) => !COMPLETED.includes(v.status) && v.dueDate!.getTime() < now);
    expect(overdue.length).toBeGreaterThanOrEqual(5);
    const upcoming = rows.filter((v) => v.dueDate!.getTime() > now);
    expect(upcoming.length).toBeGreaterThanOrEqual(5);
    expect(rows.filter((v) => v.assignedEditorId !== null).length).toBeGreaterThan(100);
    expect(rows.filter((v) => v.assignedEditorId === null).length).toBeGreaterThan(0);
  });

  it('keeps approved videos ready to post for days, not months (issue 41)', async () => {
    // A client's Ready to Post card said "Agency's turn · 152 days": the demo left videos
    // approved five months ago unposted. The card counts from the approval (statusSince).
    const ready = await db.select().from(videos).where(eq(videos.status, 'ready_to_post'));
    expect(ready.length).toBeGreaterThan(0);
    for (const v of ready) {
      const line = turnLine(
        { status: v.status, statusSince: v.statusChangedAt },
        NOW,
        'client',
      )!.text;
      expect(line).toMatch(/^Agency's turn · (\d+ h|[1-7] days?|\d+ min)$/);
      expect(v.statusChangedAt.getTime()).toBe(v.finishDate!.getTime());
    }
  });

  it('links videos on YouTube, Vimeo, Google Drive and Frame.io', async () => {
    const links = (await db.select({ link: videos.link }).from(videos)).map((r) => r.link);
    const hosts = {
      youtube: /^https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}$/,
      vimeo: /^https:\/\/vimeo\.com\/\d{9}$/,
      drive: /^https:\/\/drive\.google\.com\/file\/d\/[\w-]{33}\/view$/,
      frame: /^https:\/\/(f\.io\/\w{8}|app\.frame\.io\/reviews\/[0-9a-f-]{36})$/,
    };
    for (const link of links) {
      expect(
        Object.values(hosts).some((re) => re.test(link)),
        link,
      ).toBe(true);
    }
    for (const re of Object.values(hosts)) expect(links.some((l) => re.test(l))).toBe(true);
  });

  it('records a status history that leads to each video\u2019s status', async () => {
    const all = await db.select().from(videos);
    const history = await db
      .select()
      .from(videoStatusHistory)
      .orderBy(asc(videoStatusHistory.videoId), asc(videoStatusHistory.changedAt));
    const byVideo = new Map<string, typeof history>();
    for (const h of history) byVideo.set(h.videoId, [...(byVideo.get(h.videoId) ?? []), h]);
    expect(byVideo.size).toBe(all.length);
    for (const v of all) {
      const steps = byVideo.get(v.id)!;
      expect(steps[0]).toMatchObject({ fromStatus: null, toStatus: 'draft' });
      expect(steps[0]!.changedAt.getTime()).toBe(v.startDate!.getTime());
      for (let i = 1; i < steps.length; i++) {
        expect(steps[i]!.fromStatus).toBe(steps[i - 1]!.toStatus);
        expect(steps[i]!.changedAt.getTime()).toBeGreaterThan(steps[i - 1]!.changedAt.getTime());
      }
      expect(steps.at(-1)!.toStatus).toBe(v.status);
      expect(steps.at(-1)!.changedAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      // The card's "whose turn, since when" reads the last step's time from the video itself.
      expect(v.statusChangedAt.getTime()).toBe(steps.at(-1)!.changedAt.getTime());
      expect(steps.every((s) => s.changedById !== null)).toBe(true);
      if (COMPLETED.includes(v.status)) {
        const ready = steps.find((s) => s.toStatus === 'ready_to_post')!;
        expect(ready.changedAt.getTime()).toBe(v.finishDate!.getTime());
      }
    }
    // Now and then a review sends the video back.
    expect(history.some((h) => h.fromStatus === 'review' && h.toStatus === 'in_progress')).toBe(
      true,
    );
  });

  it('writes a few hundred comments by people who may read the video, with real @mentions', async () => {
    const rows = await db.select().from(comments);
    expect(rows.length).toBeGreaterThanOrEqual(200);
    const people = await demoUsers();
    const byId = new Map(people.map((p) => [p.id, p]));
    const usernames = new Set(people.map((p) => p.username));
    const videoRows = new Map((await db.select().from(videos)).map((v) => [v.id, v]));
    const editorsOf = new Map<string, Set<string>>();
    for (const a of await db.select().from(clientEditorAssignments)) {
      editorsOf.set(a.clientId, (editorsOf.get(a.clientId) ?? new Set()).add(a.editorId));
    }
    const teamLeadsOf = new Map<string, Set<string>>();
    for (const a of await db.select().from(clientTeamLeadAssignments)) {
      teamLeadsOf.set(a.clientId, (teamLeadsOf.get(a.clientId) ?? new Set()).add(a.teamLeadId));
    }
    let withMentions = 0;
    for (const c of rows) {
      const video = videoRows.get(c.videoId)!;
      // The demo has no guests: every comment has its author.
      const userId = c.userId!;
      const author = byId.get(userId)!;
      const mayRead =
        userId === video.userId ||
        userId === video.assignedEditorId ||
        author.role === 'lead_editor' ||
        editorsOf.get(video.userId)?.has(userId) ||
        teamLeadsOf.get(video.userId)?.has(userId);
      expect(mayRead, `${author.username} on ${video.name}`).toBe(true);
      expect(c.content.trim()).toBe(c.content);
      expect(c.content.length).toBeGreaterThan(0);
      expect(c.createdAt.getTime()).toBeGreaterThanOrEqual(video.startDate!.getTime());
      expect(c.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      const mentions = [...c.content.matchAll(/@([\w.-]+[\w])/g)].map((m) => m[1]!);
      for (const m of mentions) expect(usernames.has(m), m).toBe(true);
      if (mentions.length > 0) withMentions++;
    }
    expect(withMentions).toBeGreaterThanOrEqual(30);
  });

  it('gives users read and unread notifications that quote the video name', async () => {
    const rows = await db.select().from(notifications);
    expect(rows.length).toBeGreaterThanOrEqual(100);
    expect(rows.some((n) => n.isRead)).toBe(true);
    expect(rows.some((n) => !n.isRead)).toBe(true);
    expect(new Set(rows.map((n) => n.recipientId)).size).toBeGreaterThanOrEqual(10);
    const names = new Map((await db.select().from(videos)).map((v) => [v.id, v.name]));
    const commentRows = new Map((await db.select().from(comments)).map((c) => [c.id, c]));
    const people = new Map((await demoUsers()).map((p) => [p.id, p.username]));
    for (const n of rows) {
      expect(n.videoId).not.toBeNull();
      expect(n.message).toContain(`"${names.get(n.videoId!)}"`);
      expect(n.createdAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      if (n.type === 'comment') {
        // Who said it, on which video, and what (quoted, as the app writes it).
        const said = commentQuote(commentRows.get(n.commentId!)!.content);
        expect(n.message).toContain(` commented on "${names.get(n.videoId!)}": “`);
        expect(n.message.endsWith(`“${said}”`)).toBe(true);
        expect(n.priority).toBe('normal');
        expect(commentRows.get(n.commentId!)!.userId).not.toBe(n.recipientId);
      }
      if (n.type === 'mention') {
        expect(n.priority).toBe('high');
        const comment = commentRows.get(n.commentId!)!;
        expect(comment.content).toContain(`@${people.get(n.recipientId)}`);
        expect(n.message.endsWith(`“${commentQuote(comment.content)}”`)).toBe(true);
      }
    }
    expect(rows.filter((n) => n.type === 'mention').length).toBeGreaterThan(10);
    expect(rows.filter((n) => n.type === 'comment').length).toBeGreaterThan(10);
    // The team lead hears of its clients' comments and status changes as the clients do.
    const olivia = [...people].find(([, u]) => u === 'teamlead.olivia')![0];
    const hers = rows.filter((n) => n.recipientId === olivia).map((n) => n.type);
    expect(hers).toContain('comment');
    expect(hers).toContain('status_change');
  });

  it('prices the video types, some clients and a default plan with rules', async () => {
    const types = await db.select().from(videoTypes);
    for (const t of types.filter((t) => BUILT_IN_VIDEO_TYPES.some((b) => b.name === t.name))) {
      expect(t.defaultPrice).toMatch(MONEY);
      expect(cents(t.defaultPrice)).toBeGreaterThanOrEqual(50_00);
      expect(cents(t.defaultPrice)).toBeLessThanOrEqual(250_00);
    }
    expect(types.find((t) => t.name === 'vlog')!.defaultPrice).toBe('250.00');
    const custom = await db.select().from(clientVideoTypePricing);
    expect(custom.length).toBeGreaterThanOrEqual(3);
    expect(custom.every((c) => MONEY.test(c.price))).toBe(true);
    const plans = await db.select().from(pricingPlans);
    const defaults = plans.filter((p) => p.isDefault);
    expect(defaults).toHaveLength(1);
    const rules = await db
      .select()
      .from(pricingPlanRules)
      .where(eq(pricingPlanRules.planId, defaults[0]!.id));
    expect(rules.length).toBeGreaterThan(0);
    expect(await db.select().from(clientPricingPlanAssignments)).not.toHaveLength(0);
  });

  it('has paid work with locked prices in the last six months, and unpaid completed work', async () => {
    const rows = await db.select().from(videos);
    const now = NOW.getTime();
    const paid = rows.filter((v) => v.paymentStatus === 'paid');
    const unpaidDone = rows.filter(
      (v) => v.paymentStatus === 'unpaid' && COMPLETED.includes(v.status),
    );
    expect(paid.length).toBeGreaterThanOrEqual(30);
    expect(unpaidDone.length).toBeGreaterThanOrEqual(5);
    const sixMonthsAgo = Date.UTC(NOW.getUTCFullYear(), NOW.getUTCMonth() - 5, 1);
    for (const v of paid) {
      expect(COMPLETED).toContain(v.status);
      expect(v.lockedPrice).toMatch(MONEY);
      expect(cents(v.lockedPrice!)).toBeGreaterThan(0);
      expect(v.paidDate!.getTime()).toBeGreaterThanOrEqual(sixMonthsAgo);
      expect(v.paidDate!.getTime()).toBeLessThanOrEqual(now);
      expect(v.paidDate!.getTime()).toBeGreaterThan(v.finishDate!.getTime());
    }
    for (const v of rows.filter((v) => v.paymentStatus === 'unpaid')) {
      expect(v.lockedPrice).toBeNull();
      expect(v.paidDate).toBeNull();
    }
    expect(rows.every((v) => MONEY.test(v.paymentAmount))).toBe(true);
    // Paid in several different months, so the revenue trends have a shape.
    const months = new Set(paid.map((v) => v.paidDate!.toISOString().slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(5);
  });

  it('has each payment in the ledger: one paid event per paid video, its locked price, its date', async () => {
    const paid = (await db.select().from(videos)).filter((v) => v.paymentStatus === 'paid');
    const events = await db.select().from(paymentEvents);
    const [king] = await db.select().from(users).where(eq(users.role, 'king'));
    expect(events).toHaveLength(paid.length);
    const byVideo = new Map(events.map((e) => [e.videoId, e]));
    for (const v of paid) {
      expect(byVideo.get(v.id)).toMatchObject({
        event: 'paid',
        videoName: v.name,
        videoType: v.type,
        clientId: v.userId,
        editorId: v.assignedEditorId,
        amount: v.lockedPrice,
        createdAt: v.paidDate,
        actorId: king!.id,
      });
    }
  });

  it('locks each paid video at the app’s effective price, or at the amount the king typed below it', async () => {
    // Which step of the rule (pricing-sql.ts) sets each price, so the demo is seen to use all four.
    const source = sql<string>`case
      when ${customPriceSql(videos.userId, videos.type)} is not null then 'custom'
      when ${planRulePriceSql(videos.userId, videos.type, videos.duration)} is not null then 'plan'
      when ${defaultPlanRulePriceSql(videos.type, videos.duration)} is not null then 'default plan'
      else 'type' end`;
    const paid = await lockedAndEffective(db, source);
    expect(paid.length).toBeGreaterThanOrEqual(30);
    for (const v of paid) {
      if (v.paymentAmount === '0.00') {
        expect(v.lockedPrice, `${v.name} (${v.type}, ${v.duration}s)`).toBe(v.effective);
      } else {
        expect(v.lockedPrice, v.name).toBe(v.paymentAmount);
        expect(cents(v.paymentAmount)).toBeLessThan(cents(v.effective));
      }
    }
    const listPriced = paid.filter((v) => v.paymentAmount === '0.00');
    expect(new Set(listPriced.map((v) => v.source))).toEqual(
      new Set(['custom', 'plan', 'default plan', 'type']),
    );
    expect(paid.some((v) => v.paymentAmount !== '0.00')).toBe(true);
  });
});

/** The paid videos with their locked price and the app's effective price now. */
function lockedAndEffective(target: Db, source: SQL<string> = sql<string>`''`) {
  return target
    .select({
      name: videos.name,
      type: videos.type,
      duration: videos.duration,
      userId: videos.userId,
      lockedPrice: videos.lockedPrice,
      paymentAmount: videos.paymentAmount,
      effective: sql<string>`(${videoEffectivePriceSql()})::text`,
      source,
    })
    .from(videos)
    .where(eq(videos.paymentStatus, 'paid'));
}

describe('the demo on an install the king has priced already', () => {
  it('prices by the app’s rule, where the narrowest of overlapping rules wins', async () => {
    const other = await createTestDatabase();
    try {
      await kingPricesTalkingHeads(other.db);
      expect((await loadDemo(other.db, { now: NOW })).created).toBe(true);
      const paid = (await lockedAndEffective(other.db)).filter((v) => v.paymentAmount === '0.00');
      for (const v of paid) {
        expect(v.lockedPrice, `${v.name} (${v.type}, ${v.duration}s)`).toBe(v.effective);
      }
      // The king's plan is the default one, and short talking heads of clients priced by it got
      // the narrow rule's price.
      expect(
        paid.filter((v) => v.type === 'talking-head' && v.lockedPrice === '90.00').length,
      ).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });
});

/**
 * A default plan of the king's, made before the demo, with a catch-all talking-head rule first
 * and a narrower one for short cuts after it: the first rule found is not the one that applies.
 */
async function kingPricesTalkingHeads(target: Db) {
  const [talkingHead] = await target
    .select({ id: videoTypes.id })
    .from(videoTypes)
    .where(eq(videoTypes.name, 'talking-head'));
  const [plan] = await target
    .insert(pricingPlans)
    .values({ name: 'king-rates', displayName: 'King Rates', isDefault: true })
    .returning({ id: pricingPlans.id });
  for (const [max, price] of [
    [null, '100.00'],
    [60, '90.00'],
  ] as const) {
    await target.insert(pricingPlanRules).values({
      planId: plan!.id,
      videoTypeId: talkingHead!.id,
      minDurationSeconds: 0,
      maxDurationSeconds: max,
      price,
    });
  }
}

describe('loading the demo again', () => {
  it('creates nothing and changes no count', async () => {
    const before = await tableCounts(db);
    const again = await loadDemo(db);
    expect(again.created).toBe(false);
    expect(again.message).toMatch(/already loaded/);
    expect(await tableCounts(db)).toEqual(before);
  });
});

describe('loading the demo on another database', () => {
  let other: Database;
  beforeAll(async () => {
    other = await createTestDatabase();
  });
  afterAll(async () => {
    await other.close();
  });

  it('refuses, changing nothing, when a demo username is taken by someone else', async () => {
    await other.db.insert(users).values({ username: 'Editor.Sam', password: 'x', role: 'client' });
    const before = await tableCounts(other.db);
    const result = await loadDemo(other.db);
    expect(result).toEqual({
      created: false,
      message: 'not loaded: these usernames are already taken: editor.sam',
    });
    expect(await tableCounts(other.db)).toEqual(before);
  });

  it('builds the same agency as the first database for the same moment', async () => {
    await other.db.delete(users).where(eq(users.username, 'Editor.Sam'));
    const result = await loadDemo(other.db, { now: NOW });
    expect(result).toEqual(first);
    const snapshot = (target: Db) =>
      target
        .select({
          id: videos.id,
          userId: videos.userId,
          ordinal: videos.ordinal,
          name: videos.name,
          type: videos.type,
          status: videos.status,
          link: videos.link,
          startDate: videos.startDate,
          dueDate: videos.dueDate,
          paidDate: videos.paidDate,
          lockedPrice: videos.lockedPrice,
        })
        .from(videos)
        .orderBy(asc(videos.id));
    expect(await snapshot(other.db)).toEqual(await snapshot(db));
    const commentText = (target: Db) =>
      target.select({ content: comments.content }).from(comments).orderBy(asc(comments.id));
    expect(await commentText(other.db)).toEqual(await commentText(db));
  });
});

describe('a demo user in the real app', () => {
  it('logs in with the demo password and gets no password back', async () => {
    const t = await createTestApp({ database });
    try {
      for (const [username, role] of [
        ['lead.lena', 'lead_editor'],
        ['editor.sam', 'editor'],
        ['client.brightsmile', 'client'],
      ] as const) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username, password: DEMO_PASSWORD },
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ username, role, isAdmin: 'false' });
        expect(res.body).not.toMatch(/"password"/);
        expect(res.body).not.toMatch(/\$argon2/);
        expect(res.cookies.some((c) => c.name === 'sid')).toBe(true);
      }
      const wrong = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'lead.lena', password: 'not-the-demo-password' },
      });
      expect(wrong.statusCode).toBe(401);
    } finally {
      // The database is closed in afterAll.
      await t.app.close();
    }
  });
});

describe('overdue in the demo (the agency is late, not the calendar)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ database });
  });
  afterAll(async () => {
    // The database is closed in the file's afterAll.
    await t.app.close();
  });

  const signIn = async (username: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password: DEMO_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const sid = res.cookies.find((c) => c.name === 'sid')!;
    return `sid=${sid.value}`;
  };
  const get = async (cookie: string, url: string) => {
    const res = await t.app.inject({ url, headers: { cookie } });
    expect(res.statusCode, url).toBe(200);
    return res.json();
  };
  const completed = (status: string) => (COMPLETED_STATUSES as readonly string[]).includes(status);

  it('counts on the Overdue tile and lists on its tab only videos still in the agency’s hands', async () => {
    const rows = await db.select().from(videos);
    const now = new Date();
    const pastDue = rows.filter((v) => v.dueDate!.getTime() < now.getTime());
    const late = rows.filter((v) => isOverdue(v, now));
    // The demo has completed work past its due date: the rule must leave it out.
    expect(pastDue.filter((v) => v.status === 'posted').length).toBeGreaterThan(10);
    expect(late.length).toBeGreaterThanOrEqual(5);
    expect(late.length).toBeLessThan(pastDue.length);

    const lead = await signIn('lead.lena');
    expect((await get(lead, '/api/lead/summary')).counts.overdue).toBe(late.length);
    const listed = (await get(lead, '/api/videos?overdue=true')) as {
      id: string;
      status: string;
    }[];
    expect(listed.map((v) => v.id).sort()).toEqual(late.map((v) => v.id).sort());
    expect(listed.some((v) => completed(v.status))).toBe(false);
  });

  it('adds no overdue notices when people sign in twice, and none about completed work', async () => {
    const people = ['lead.lena', 'editor.sam', 'client.brightsmile'];
    for (const username of people) {
      const first = await signIn(username);
      await t.app.inject({
        method: 'POST',
        url: '/api/notifications/check-delayed',
        headers: { cookie: first },
      });
      const before = await db.select({ n: count() }).from(notifications);
      const again = await signIn(username);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/notifications/check-delayed',
        headers: { cookie: again },
      });
      expect(res.json(), username).toEqual({ message: 'No new overdue videos', created: 0 });
      expect(await db.select({ n: count() }).from(notifications)).toEqual(before);
    }
    const notices = await db
      .select({ status: videos.status, type: notifications.type })
      .from(notifications)
      .innerJoin(videos, eq(videos.id, notifications.videoId))
      .where(inArray(notifications.type, ['video_overdue', 'overdue']));
    expect(notices.length).toBeGreaterThan(0);
    expect(notices.filter((n) => completed(n.status))).toEqual([]);
    expect(new Set(notices.map((n) => n.type))).toEqual(new Set(['video_overdue']));
    expect(await db.select({ n: count() }).from(overdueNotices)).toEqual([{ n: notices.length }]);
  });
});
