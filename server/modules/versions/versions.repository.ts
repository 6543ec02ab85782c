import { aliasedTable, and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FrameRate } from '@domain/timecode';
import { agencyFrameRate, frameAtRateSql, frameRateOf } from './frame-rates.repository';
import { displayName } from '@domain/people';
import type { RoundView, VersionList, VersionView } from '@domain/versions';
import { type Db, isTransaction } from '../../db/client';
import { comments, reviewRounds, users, videos, videoVersions } from '../../db/schema';

/**
 * The versions (cuts) and review rounds of a video (issue 41, domain/versions.ts). The rounds are
 * written by the status moves themselves (videos.repository.ts, updateVideo); here they are read.
 */

type Person = { id: string; name: string | null; username: string } | null;
/** Someone as the answers name them; null once deleted (a left join finds nobody). */
const person = (p: Person) => (p?.id ? { id: p.id, name: displayName(p) } : null);
const personColumns = (t: typeof users) => ({ id: t.id, name: t.name, username: t.username });

/**
 * The open notes (first comments not marked done; a reply is done with its thread) of a video,
 * by version ('source' for null).
 */
async function openNotesOf(db: Db, videoId: string): Promise<Map<number | 'source', number>> {
  const rows = await db
    .select({ version: comments.version, open: sql<number>`count(*)::int` })
    .from(comments)
    .where(and(eq(comments.videoId, videoId), isNull(comments.doneAt), isNull(comments.parentId)))
    .groupBy(comments.version);
  return new Map(rows.map((r) => [r.version ?? 'source', r.open]));
}

const addedBy = aliasedTable(users, 'added_by');

/** GET /api/videos/{id}/versions: the source (the video's link) and the versions, newest first. */
export async function listVersions(
  db: Db,
  video: { id: string; link: string; frameRate: FrameRate },
): Promise<VersionList> {
  const [rows, open] = await Promise.all([
    db
      .select({ version: videoVersions, by: personColumns(addedBy) })
      .from(videoVersions)
      .leftJoin(addedBy, eq(addedBy.id, videoVersions.addedById))
      .where(eq(videoVersions.videoId, video.id))
      .orderBy(desc(videoVersions.number)),
    openNotesOf(db, video.id),
  ]);
  return {
    source: { link: video.link, openNotes: open.get('source') ?? 0, frameRate: video.frameRate },
    versions: rows.map((r) => versionView(r.version, r.by, open.get(r.version.number) ?? 0)),
  };
}

const versionView = (
  v: typeof videoVersions.$inferSelect,
  by: Person,
  openNotes: number,
): VersionView => ({
  id: v.id,
  number: v.number,
  link: v.link,
  note: v.note,
  addedBy: person(by),
  createdAt: v.createdAt.toISOString(),
  openNotes,
  frameRate: v.frameRate,
});

/** Why a version could not be added; the caller answers it as a 400. */
export class NotOpenNote extends Error {}

/**
 * Adds the next version of a video in `tx` (a transaction): the video's row is locked first, so
 * two adds at once number one after the other. `carry` and `close` are comments of the previous
 * version (the source while there is none) still open: each carried one becomes a comment of the
 * new version with the same author and words and `carried_from` the previous number (0: the
 * source), and both kinds are marked done by `by`. A comment that is not such a note throws
 * NotOpenNote, and nothing is written. The video's current version becomes the new one. Null
 * when the video is gone.
 */
export async function addVersion(
  tx: Db,
  videoId: string,
  values: { link: string; note: string; carry: string[]; close: string[]; frameRate?: FrameRate },
  by: { id: string; name: string | null; username: string },
): Promise<VersionView | null> {
  if (!isTransaction(tx)) throw new Error('addVersion needs a transaction');
  const [locked] = await tx
    .select({ current: videos.currentVersion, sourceRate: videos.frameRate })
    .from(videos)
    .where(eq(videos.id, videoId))
    .for('update');
  if (!locked) return null;
  const previous = locked.current;
  const number = previous + 1;
  const notes = [...values.carry, ...values.close];
  if (notes.length) {
    const open = await tx
      .select({ id: comments.id })
      .from(comments)
      .where(
        and(
          inArray(comments.id, notes),
          eq(comments.videoId, videoId),
          previous === 0 ? isNull(comments.version) : eq(comments.version, previous),
          isNull(comments.doneAt),
          // A reply is not a note of its own: its thread is carried or closed whole.
          isNull(comments.parentId),
        ),
      );
    if (open.length !== new Set(notes).size) throw new NotOpenNote();
  }
  const frameRate = values.frameRate ?? (await agencyFrameRate(tx));
  const [version] = await tx
    .insert(videoVersions)
    .values({ videoId, number, link: values.link, note: values.note, addedById: by.id, frameRate })
    .returning();
  await tx
    .update(videos)
    .set({ currentVersion: number, updatedAt: new Date() })
    .where(eq(videos.id, videoId));
  if (values.carry.length) {
    // The same author (person or guest), words, time and drawing, on the new version: the
    // thread of the new version reads in the order they were said. A note's frame keeps its
    // moment at the new version's rate (issue 43).
    const previousRate =
      previous === 0 ? locked.sourceRate : await frameRateOf(tx, videoId, previous);
    const column = (c: keyof typeof comments.$inferSelect) => sql.identifier(comments[c].name);
    const copied = sql.join(
      (['videoId', 'userId', 'guestName', 'content', 'createdAt'] as const).map(column),
      sql`, `,
    );
    const from = (c: string) =>
      sql.join(
        (['videoId', 'userId', 'guestName', 'content', 'createdAt'] as const).map(
          (k) => sql`${sql.identifier(c)}.${column(k)}`,
        ),
        sql`, `,
      );
    // Each thread comes whole (issue 45 part 4): the note under a new id, and its replies under
    // the copy, in the same statement (the copies' ids are drawn once, in `carried`).
    await tx.execute(sql`with carried as materialized (
        select ${comments.id} as old_id, gen_random_uuid() as new_id from ${comments}
        where ${inArray(comments.id, values.carry)}
      ), notes as (
        insert into ${comments} (${column('id')}, ${copied}, ${column('version')},
          ${column('carriedFrom')}, ${column('frame')}, ${column('drawing')})
        select carried.new_id, ${from('n')}, ${number}::integer, ${previous}::integer,
          ${frameAtRateSql(sql`n.${column('frame')}`, previousRate, frameRate)}, n.${column('drawing')}
        from ${comments} n join carried on n.${column('id')} = carried.old_id
        returning ${column('id')}
      )
      insert into ${comments} (${copied}, ${column('version')}, ${column('carriedFrom')},
        ${column('parentId')})
      select ${from('r')}, ${number}::integer, ${previous}::integer, carried.new_id
      from ${comments} r join carried on r.${column('parentId')} = carried.old_id`);
  }
  if (notes.length) {
    await tx
      .update(comments)
      .set({ doneAt: sql`now()`, doneById: by.id })
      .where(inArray(comments.id, notes));
  }
  return versionView(version!, by, values.carry.length);
}

const sentBy = aliasedTable(users, 'sent_by');
const decidedBy = aliasedTable(users, 'decided_by');

/** GET /api/videos/{id}/rounds: oldest first. */
export async function listRounds(db: Db, videoId: string): Promise<RoundView[]> {
  const rows = await db
    .select({
      round: reviewRounds,
      sentBy: personColumns(sentBy),
      decidedBy: personColumns(decidedBy),
    })
    .from(reviewRounds)
    .leftJoin(sentBy, eq(sentBy.id, reviewRounds.sentById))
    .leftJoin(decidedBy, eq(decidedBy.id, reviewRounds.decidedById))
    .where(eq(reviewRounds.videoId, videoId))
    .orderBy(asc(reviewRounds.number));
  return rows.map(({ round: r, sentBy: s, decidedBy: d }) => ({
    number: r.number,
    version: r.version,
    sentBy: person(s),
    sentAt: r.sentAt.toISOString(),
    decision: r.decision,
    decidedBy: person(d),
    decidedByGuest: r.decidedByGuest,
    decidedForClient: r.decidedForClient,
    decidedAt: r.decidedAt ? r.decidedAt.toISOString() : null,
    note: r.note,
  }));
}
