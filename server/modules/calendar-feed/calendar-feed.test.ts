import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import ICAL from 'ical.js';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CALENDAR_FEED_DAYS,
  CALENDAR_FEED_MESSAGES,
  CALENDAR_FEED_SHAPE,
  type CalendarFeedMade,
  type CalendarFeedState,
} from '@domain/api-tokens';
import { DAY_MS } from '@domain/day-counter';
import {
  calendarFeeds,
  clientEditorAssignments,
  clientTeamLeadAssignments,
  videos,
} from '../../db/schema';
import { LOG_REDACT } from '../../app';
import { createTestApp, loginAs, seedUser, seedVideo, setUpSuite } from '../../test/helper';
import { foldLine } from './ical';

const PUBLIC_URL = 'https://videos.agency.example';
const PEOPLE = ['owner', 'other', 'editor', 'teamEditor', 'stranger', 'teamLead', 'lead', 'king'];
type Person = (typeof PEOPLE)[number];

const t = setUpSuite(
  [
    ['owner', 'client', 'false', 'Olivia'],
    ['other', 'client'],
    ['editor', 'editor'],
    ['teamEditor', 'editor'],
    ['stranger', 'editor'],
    ['teamLead', 'client_team_lead'],
    ['lead', 'lead_editor'],
    ['king', 'king', 'true'],
  ],
  { app: { mail: { from: 'Videos <no-reply@agency.example>', publicUrl: `${PUBLIC_URL}/` } } },
);
const { id } = t;

const inDays = (days: number) => new Date(Date.now() + days * DAY_MS);
/** A name the format must escape (comma, semicolon, backslash, a line break) and fold (long). */
const AWKWARD = 'Spring; promo, “cut 2” \\ final\nsecond line ' + 'ünïcødé '.repeat(12);

/** The videos of the scene, by what they test. */
let seeded: Record<string, { id: string; dueDate: Date | null }>;

beforeAll(async () => {
  await t.db
    .insert(clientEditorAssignments)
    .values({ clientId: id.owner!, editorId: id.teamEditor! });
  await t.db
    .insert(clientTeamLeadAssignments)
    .values({ clientId: id.owner!, teamLeadId: id.teamLead! });
  const make = (values: Parameters<typeof seedVideo>[1]) => seedVideo(t, values);
  seeded = {
    ownerSoon: await make({
      userId: id.owner!,
      assignedEditorId: id.editor!,
      name: AWKWARD,
      status: 'review',
      dueDate: inDays(3),
      internalNotes: 'agency-only-note',
      paymentAmount: '987.65',
    }),
    ownerPast: await make({ userId: id.owner!, name: 'Last month', dueDate: inDays(-10) }),
    ownerNoDate: await make({ userId: id.owner!, name: 'Someday', dueDate: null }),
    ownerTooFar: await make({
      userId: id.owner!,
      name: 'Far off',
      dueDate: inDays(CALENDAR_FEED_DAYS.ahead + 5),
    }),
    ownerTooOld: await make({
      userId: id.owner!,
      name: 'Long ago',
      dueDate: inDays(-CALENDAR_FEED_DAYS.past - 5),
    }),
    otherSoon: await make({ userId: id.other!, name: 'Other client', dueDate: inDays(5) }),
    strangerOwn: await make({
      userId: id.other!,
      assignedEditorId: id.stranger!,
      name: 'Stranger edits',
      dueDate: inDays(7),
    }),
  };
});

async function makeFeed(who: Person): Promise<CalendarFeedMade> {
  const res = await t.call(who, 'POST', '/api/me/calendar-feed');
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as CalendarFeedMade;
}

const read = (url: string) => t.app.inject({ url: new URL(url).pathname });

/** The feed's events as an independent parser (ical.js) reads them. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return calendar.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      start: event.startDate.toJSDate(),
      url: String(vevent.getFirstPropertyValue('url')),
      categories: String(vevent.getFirstPropertyValue('categories')),
    };
  });
}

const videoIdOf = (uid: string) => uid.split('@')[0]!;

describe('the calendar feed', () => {
  it('is an iCalendar an independent parser reads: due date, status and link of each video', async () => {
    const feed = await makeFeed('owner');
    expect(feed.url).toMatch(
      new RegExp(`^${PUBLIC_URL}/api/calendar-feed/vwcal_[\\w-]{43}\\.ics$`),
    );
    const res = await read(feed.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    // Every line ends CRLF and none is longer than 75 octets (RFC 5545 3.1).
    const lines = res.body.split('\r\n');
    expect(lines.at(-1)).toBe('');
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);

    const calendar = new ICAL.Component(ICAL.parse(res.body));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    const events = parse(res.body);
    const soon = events.find((e) => videoIdOf(e.uid) === seeded.ownerSoon!.id)!;
    expect(soon.summary).toBe(`Due: ${AWKWARD} (In Review)`);
    expect(soon.start.getTime()).toBe(
      Math.floor(seeded.ownerSoon!.dueDate!.getTime() / 1000) * 1000,
    );
    expect(soon.url).toBe(`${PUBLIC_URL}/dashboard?video=${seeded.ownerSoon!.id}`);
    expect(soon.description).toContain('Status: In Review');
    expect(soon.description).toContain('Client: Olivia');
    expect(soon.description).toContain(soon.url);
    expect(soon.categories).toBe('In Review');
    // Never what the owner may not see, nor money.
    expect(res.body).not.toContain('agency-only-note');
    expect(res.body).not.toContain('987.65');
  });

  it('holds the due dates in its window, soonest first, and nothing without one', async () => {
    const events = parse((await read((await makeFeed('owner')).url)).body);
    const ids = events.map((e) => videoIdOf(e.uid));
    expect(ids).toEqual([seeded.ownerPast!.id, seeded.ownerSoon!.id]);
  });

  it('shows each person exactly the videos they may read (the lists’ rule)', async () => {
    const ours = new Set(Object.values(seeded).map((v) => v.id));
    const inWindow = new Set(
      Object.values(seeded)
        .filter((v) => v.dueDate && v.dueDate > inDays(-CALENDAR_FEED_DAYS.past))
        .filter((v) => v.dueDate! < inDays(CALENDAR_FEED_DAYS.ahead))
        .map((v) => v.id),
    );
    for (const who of PEOPLE) {
      const listed = (await t.call(who, 'GET', '/api/videos')).json() as { id: string }[];
      const readable = listed.map((v) => v.id).filter((v) => inWindow.has(v));
      const events = parse((await read((await makeFeed(who)).url)).body);
      const shown = events.map((e) => videoIdOf(e.uid)).filter((v) => ours.has(v));
      expect(new Set(shown), who).toEqual(new Set(readable));
    }
    // The scene tells the people apart: a stranger sees its own, another client only its own.
    const strangerSees = parse((await read((await makeFeed('stranger')).url)).body).map((e) =>
      videoIdOf(e.uid),
    );
    expect(strangerSees).toEqual([seeded.strangerOwn!.id]);
  });

  it('follows its owner’s access as it is now: an editor taken off the team loses the videos', async () => {
    const feed = await makeFeed('teamEditor');
    const before = parse((await read(feed.url)).body).map((e) => videoIdOf(e.uid));
    expect(before).toContain(seeded.ownerSoon!.id);
    await t.db
      .delete(clientEditorAssignments)
      .where(
        and(
          eq(clientEditorAssignments.clientId, id.owner!),
          eq(clientEditorAssignments.editorId, id.teamEditor!),
        ),
      );
    const after = parse((await read(feed.url)).body).map((e) => videoIdOf(e.uid));
    expect(after).not.toContain(seeded.ownerSoon!.id);
    await t.db
      .insert(clientEditorAssignments)
      .values({ clientId: id.owner!, editorId: id.teamEditor! });
  });

  it('follows a due date moved, with the same UID', async () => {
    const feed = await makeFeed('owner');
    const moved = inDays(20);
    await t.db.update(videos).set({ dueDate: moved }).where(eq(videos.id, seeded.ownerPast!.id));
    const event = parse((await read(feed.url)).body).find(
      (e) => videoIdOf(e.uid) === seeded.ownerPast!.id,
    )!;
    expect(event.start.getTime()).toBe(Math.floor(moved.getTime() / 1000) * 1000);
    await t.db
      .update(videos)
      .set({ dueDate: seeded.ownerPast!.dueDate })
      .where(eq(videos.id, seeded.ownerPast!.id));
  });
});

describe('the feed address', () => {
  it('is kept only as a hash: the state says whether there is one, never the address', async () => {
    await seedUser(t, { username: 'feedless' });
    const feedless = await loginAs(t, 'feedless');
    const as = (method: 'GET' | 'POST') =>
      t.app.inject({ method, url: '/api/me/calendar-feed', headers: { cookie: feedless } });
    expect((await as('GET')).json()).toEqual({ active: false, createdAt: null });
    const feed = (await as('POST')).json() as CalendarFeedMade;
    const state = (await as('GET')).json() as CalendarFeedState;
    expect(state).toEqual({ active: true, createdAt: feed.createdAt });
    const secret = new URL(feed.url).pathname.split('/').at(-1)!.replace('.ics', '');
    expect(secret).toMatch(CALENDAR_FEED_SHAPE);
    const rows = await t.db.select().from(calendarFeeds);
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(rows.map((r) => r.tokenHash)).toContain(
      createHash('sha256').update(secret).digest('hex'),
    );
  });

  it('reset: the old address answers 404 at once, the new one works', async () => {
    const first = await makeFeed('owner');
    expect((await read(first.url)).statusCode).toBe(200);
    const second = await makeFeed('owner');
    expect(second.url).not.toBe(first.url);
    const old = await read(first.url);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ message: CALENDAR_FEED_MESSAGES.notFound });
    expect((await read(second.url)).statusCode).toBe(200);
  });

  it('turned off: the address answers 404 and the state says none', async () => {
    const feed = await makeFeed('other');
    const off = await t.call('other', 'DELETE', '/api/me/calendar-feed');
    expect(off.json()).toEqual({ message: CALENDAR_FEED_MESSAGES.turnedOff });
    expect((await read(feed.url)).statusCode).toBe(404);
    expect((await t.call('other', 'GET', '/api/me/calendar-feed')).json()).toEqual({
      active: false,
      createdAt: null,
    });
  });

  it('answers 404 for a malformed or unknown address, never 500', async () => {
    for (const file of ['nothing', 'vwcal_short.ics', `vwcal_${'A'.repeat(43)}.ics`, 'a.b.ics']) {
      const res = await t.app.inject({ url: `/api/calendar-feed/${file}` });
      expect(res.statusCode, file).toBe(404);
    }
  });

  it('limits reads per address (429 with Retry-After)', async () => {
    const remoteAddress = '10.9.8.7';
    let last = 0;
    for (let i = 0; i < 61; i++) {
      const res = await t.app.inject({ url: '/api/calendar-feed/x.ics', remoteAddress });
      last = res.statusCode;
      if (last === 429) {
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
        break;
      }
    }
    expect(last).toBe(429);
  });
});

describe('logs', () => {
  it('never hold a feed address: the line names the route, not the secret', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logged = await createTestApp({ logger: { level: 'info', stream, redact: LOG_REDACT } });
    try {
      await seedUser(logged, { username: 'logfeed' });
      const theirCookie = await loginAs(logged, 'logfeed');
      const made = await logged.app.inject({
        method: 'POST',
        url: '/api/me/calendar-feed',
        headers: { cookie: theirCookie },
      });
      const { url } = made.json() as CalendarFeedMade;
      const secret = new URL(url).pathname.split('/').at(-1)!.replace('.ics', '');
      expect((await logged.app.inject({ url: new URL(url).pathname })).statusCode).toBe(200);
      expect(lines.join('')).toContain('/api/calendar-feed/[secret]');
      expect(lines.join('')).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });
});

describe('folding', () => {
  it('cuts at 75 octets without splitting a character, and unfolds to the line', () => {
    const line = `SUMMARY:${'é'.repeat(100)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n'))
      expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });
});
