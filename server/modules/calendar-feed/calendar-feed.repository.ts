import { and, asc, eq, gte, lt } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  CALENDAR_FEED_MAX_EVENTS,
  CALENDAR_FEED_PREFIX,
  CALENDAR_FEED_SHAPE,
} from '@domain/api-tokens';
import type { Db } from '../../db/client';
import { calendarFeeds, type SessionUser, users, videos } from '../../db/schema';
import { sessionUserColumns } from '../../plugins/sessions.repository';
import { newSecret, secretHash } from '../../plugins/api-tokens.repository';
import { readableBy } from '../scope/readable';
import type { ViewerScope } from '../scope/scope';

/**
 * A user's private calendar feed (issue 46, item 3): one secret address per user, kept as its
 * SHA-256 only (as sessions, review links and API tokens are).
 */

export async function findCalendarFeed(db: Db, userId: string) {
  const [row] = await db
    .select({ createdAt: calendarFeeds.createdAt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
    .limit(1);
  return row;
}

/**
 * Makes the user's feed address, or a new one in place of the old (which stops working in the
 * same statement). Returns the secret, this once.
 */
export async function resetCalendarFeed(db: Db, userId: string) {
  const { secret, hash } = newSecret(CALENDAR_FEED_PREFIX);
  const createdAt = new Date();
  await db
    .insert(calendarFeeds)
    .values({ userId, tokenHash: hash, createdAt })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { tokenHash: hash, createdAt } });
  return { secret, createdAt };
}

export async function deleteCalendarFeed(db: Db, userId: string): Promise<boolean> {
  const gone = await db
    .delete(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId))
    .returning({ userId: calendarFeeds.userId });
  return gone.length > 0;
}

/** The user whose feed `secret` opens, read as a session's user is (current role and teams). */
export async function findFeedOwner(db: Db, secret: string): Promise<SessionUser | undefined> {
  if (!CALENDAR_FEED_SHAPE.test(secret)) return undefined;
  const [row] = await db
    .select({ user: sessionUserColumns })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(eq(calendarFeeds.tokenHash, secretHash(secret)))
    .limit(1);
  return row?.user;
}

const owner = alias(users, 'owner');

/**
 * The videos of the feed: those the viewer may read (readableBy, the rule of every list and of
 * GET /api/videos/calendar) due from `from` up to `to`, soonest first, at most
 * CALENDAR_FEED_MAX_EVENTS. Only what the feed shows: no notes, no money.
 */
export async function feedVideos(db: Db, viewer: ViewerScope, from: Date, to: Date) {
  return db
    .select({
      id: videos.id,
      name: videos.name,
      status: videos.status,
      type: videos.type,
      dueDate: videos.dueDate,
      updatedAt: videos.updatedAt,
      ownerName: owner.name,
      ownerUsername: owner.username,
    })
    .from(videos)
    .innerJoin(owner, eq(owner.id, videos.userId))
    .where(and(readableBy(viewer), gte(videos.dueDate, from), lt(videos.dueDate, to)))
    .orderBy(asc(videos.dueDate), asc(videos.id))
    .limit(CALENDAR_FEED_MAX_EVENTS);
}
