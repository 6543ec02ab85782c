import { createHash, randomBytes } from 'node:crypto';
import type { FrameRate } from '@domain/timecode';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { reviewLinkStateOf, type ReviewLinkView, type VersionSent } from '@domain/review-links';
import type { Db } from '../../db/client';
import { reviewLinks, reviewLinkVideos, reviewRounds, users, videoVersions } from '../../db/schema';

/**
 * Review links (issue 19): the link rows, their videos and the one decision a guest makes on
 * each. A token is 256 random bits; only its SHA-256 is stored, so a copy of the database opens
 * no link.
 */
export type ReviewLinkRow = typeof reviewLinks.$inferSelect;

export const reviewTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** What a token looks like (32 bytes, base64url): anything else is not looked up. */
export const REVIEW_TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export async function insertReviewLink(
  db: Db,
  values: {
    clientId: string;
    createdById: string;
    passwordHash: string | null;
    expiresAt: Date;
    /** Each video with its current version, the one the guest is sent (0: the source). */
    videos: { id: string; currentVersion: number }[];
  },
): Promise<{ token: string; link: ReviewLinkRow }> {
  const token = randomBytes(32).toString('base64url');
  const { videos, ...row } = values;
  const sent = new Map(videos.map((v) => [v.id, v.currentVersion || null]));
  const link = await db.transaction(async (tx) => {
    const [link] = await tx
      .insert(reviewLinks)
      .values({ ...row, tokenHash: reviewTokenHash(token) })
      .returning();
    await tx
      .insert(reviewLinkVideos)
      .values([...sent].map(([videoId, version]) => ({ linkId: link!.id, videoId, version })));
    return link!;
  });
  return { token, link };
}

export async function findReviewLinkByToken(db: Db, token: string) {
  const [row] = await db
    .select()
    .from(reviewLinks)
    .where(eq(reviewLinks.tokenHash, reviewTokenHash(token)))
    .limit(1);
  return row;
}

export async function findReviewLink(db: Db, id: string) {
  const [row] = await db.select().from(reviewLinks).where(eq(reviewLinks.id, id)).limit(1);
  return row;
}

/** A link's videos, in the order they were added, each with its decision. */
export async function linkVideoRows(db: Db, linkId: string) {
  return db.select().from(reviewLinkVideos).where(eq(reviewLinkVideos.linkId, linkId));
}

/**
 * The links that share a video, newest first, as the share dialog lists them: every one, or only
 * those `createdById` made; `creatorShares` says whether a link's creator may still share it.
 */
export async function listReviewLinksOfVideo(
  db: Db,
  videoId: string,
  options: {
    createdById?: string;
    creatorShares: (link: ReviewLinkRow) => Promise<boolean>;
  },
): Promise<ReviewLinkView[]> {
  const links = await db
    // Flat columns: a nested object of a left join reads as null when its first column (the
    // name) is null, which hid the creator of a link made by someone without a display name.
    .select({ link: reviewLinks, creatorName: users.name, creatorUsername: users.username })
    .from(reviewLinks)
    .innerJoin(reviewLinkVideos, eq(reviewLinkVideos.linkId, reviewLinks.id))
    .leftJoin(users, eq(users.id, reviewLinks.createdById))
    .where(
      and(
        eq(reviewLinkVideos.videoId, videoId),
        options.createdById === undefined
          ? undefined
          : eq(reviewLinks.createdById, options.createdById),
      ),
    )
    .orderBy(desc(reviewLinks.createdAt), desc(reviewLinks.id));
  if (links.length === 0) return [];
  const videos = await db
    .select()
    .from(reviewLinkVideos)
    .where(
      inArray(
        reviewLinkVideos.linkId,
        links.map((l) => l.link.id),
      ),
    );
  const views: ReviewLinkView[] = [];
  for (const { link, creatorName, creatorUsername } of links) {
    views.push(
      toReviewLinkView(
        link,
        creatorUsername ? creatorName || creatorUsername : null,
        videos.filter((v) => v.linkId === link.id),
        // Only a link guests could still open depends on its creator's rights.
        reviewLinkStateOf(link) === 'active' ? await options.creatorShares(link) : true,
      ),
    );
  }
  return views;
}

export function toReviewLinkView(
  link: ReviewLinkRow,
  createdBy: string | null,
  videos: (typeof reviewLinkVideos.$inferSelect)[],
  creatorShares = true,
): ReviewLinkView {
  return {
    id: link.id,
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    revokedAt: link.revokedAt?.toISOString() ?? null,
    state: reviewLinkStateOf(link, new Date(), creatorShares),
    hasPassword: link.passwordHash !== null,
    createdBy,
    videoIds: videos.map((v) => v.videoId),
    decisions: videos.flatMap((v) =>
      v.decision && v.decidedAt
        ? [
            {
              videoId: v.videoId,
              decision: v.decision,
              by: v.decidedByName ?? '',
              at: v.decidedAt.toISOString(),
            },
          ]
        : [],
    ),
  };
}

/** Revoking keeps the row (the page then says the link was turned off); a second time is a no-op. */
export async function revokeReviewLink(db: Db, id: string) {
  await db
    .update(reviewLinks)
    .set({ revokedAt: new Date() })
    .where(and(eq(reviewLinks.id, id), isNull(reviewLinks.revokedAt)));
}

/**
 * Records the guest's decision on a video of the link, once per version shown: false when the
 * row no longer holds what the caller saw (two tabs deciding at once cannot both win). `replacing`
 * is the time of the decision on an earlier version this one replaces, null when there is none.
 */
export async function recordDecision(
  db: Db,
  values: {
    linkId: string;
    videoId: string;
    decision: 'approved' | 'changes_requested';
    name: string;
    replacing: Date | null;
  },
): Promise<boolean> {
  const rows = await db
    .update(reviewLinkVideos)
    .set({ decision: values.decision, decidedByName: values.name, decidedAt: new Date() })
    .where(
      and(
        eq(reviewLinkVideos.linkId, values.linkId),
        eq(reviewLinkVideos.videoId, values.videoId),
        values.replacing
          ? eq(reviewLinkVideos.decidedAt, values.replacing)
          : isNull(reviewLinkVideos.decision),
      ),
    )
    .returning({ videoId: reviewLinkVideos.videoId });
  return rows.length > 0;
}

/** What the guest page needs of videos' versions: each video's cuts' links and review rounds. */
export interface VersionFacts {
  /** Version number -> its link. */
  links: Map<number, string>;
  /** Version number -> its frame rate (issue 43). */
  rates: Map<number, FrameRate>;
  /** When each round began, and on which version (shownVersion reads them). */
  rounds: VersionSent[];
}

export async function versionFactsOf(
  db: Db,
  videoIds: readonly string[],
): Promise<Map<string, VersionFacts>> {
  const facts = new Map<string, VersionFacts>(
    videoIds.map((id) => [id, { links: new Map(), rates: new Map(), rounds: [] }]),
  );
  if (videoIds.length === 0) return facts;
  const [versions, rounds] = await Promise.all([
    db
      .select({
        videoId: videoVersions.videoId,
        number: videoVersions.number,
        link: videoVersions.link,
        frameRate: videoVersions.frameRate,
      })
      .from(videoVersions)
      .where(inArray(videoVersions.videoId, [...videoIds])),
    db
      .select({
        videoId: reviewRounds.videoId,
        version: reviewRounds.version,
        sentAt: reviewRounds.sentAt,
      })
      .from(reviewRounds)
      .where(inArray(reviewRounds.videoId, [...videoIds])),
  ]);
  for (const v of versions) {
    facts.get(v.videoId)?.links.set(v.number, v.link);
    facts.get(v.videoId)?.rates.set(v.number, v.frameRate);
  }
  for (const r of rounds)
    facts.get(r.videoId)?.rounds.push({ version: r.version, sentAt: r.sentAt });
  return facts;
}
