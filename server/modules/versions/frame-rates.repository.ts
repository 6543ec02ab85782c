import { eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { DEFAULT_FRAME_RATE, rateSpec, type FrameRate } from '@domain/timecode';
import type { Db } from '../../db/client';
import { agencySettings, comments, videos, videoVersions } from '../../db/schema';

/**
 * Frame rates as stored (issue 43; docs/rules.md#videos, Timecodes and frame rates): the agency's
 * default (agency_settings.frame_rate, which the agency details form sets), the source's
 * (videos.frame_rate) and each version's (video_versions.frame_rate).
 */

/** The rate a new source or version gets unless one is chosen; 30 while the agency has no row. */
export async function agencyFrameRate(db: Db): Promise<FrameRate> {
  const [row] = await db.select({ rate: agencySettings.frameRate }).from(agencySettings).limit(1);
  return row?.rate ?? DEFAULT_FRAME_RATE;
}

/** The rate of a video's version (null: the source); the source's when the version is gone. */
export async function frameRateOf(
  db: Db,
  videoId: string,
  version: number | null,
): Promise<FrameRate> {
  const ofVersion = sql`(select ${videoVersions.frameRate} from ${videoVersions}
    where ${videoVersions.videoId} = ${videos.id} and ${videoVersions.number} = ${version ?? 0})`;
  const [row] = await db
    .select({ rate: sql<FrameRate>`coalesce(${ofVersion}, ${videos.frameRate})` })
    .from(videos)
    .where(eq(videos.id, videoId));
  return row?.rate ?? DEFAULT_FRAME_RATE;
}

/**
 * SQL, in a query of `videos`: the rate of the row's current version, the source's when it has
 * none (frameRateOf for its current version), so that a read of the video brings the rate a new
 * note on it is timed at (findReadableVideo). Spelled with its table: the query may join others.
 */
export const currentFrameRateSql = () => sql<FrameRate>`coalesce(
  (select ${videoVersions.frameRate} from ${videoVersions}
    where ${videoVersions.videoId} = ${videos}.${sql.identifier(videos.id.name)}
      and ${videoVersions.number} = ${videos}.${sql.identifier(videos.currentVersion.name)}),
  ${videos}.${sql.identifier(videos.frameRate.name)})`;

/** SQL: the rate of the version a comment row is on (the source's for a source note). */
export const commentFrameRateSql = sql<FrameRate>`coalesce(
  (select ${videoVersions.frameRate} from ${videoVersions}
    where ${videoVersions.videoId} = ${comments.videoId}
      and ${videoVersions.number} = ${comments.version}),
  (select ${videos.frameRate} from ${videos} where ${videos.id} = ${comments.videoId}))`;

/** SQL: a frame number at `from` as the frame of the same moment at `to` (nearest). */
export function frameAtRateSql(frame: SQLWrapper, from: FrameRate, to: FrameRate): SQL {
  if (from === to) return sql`${frame}`;
  const a = rateSpec(from);
  const b = rateSpec(to);
  return sql`(round(${frame}::numeric * ${b.numerator * a.denominator}
    / ${b.denominator * a.numerator}))::integer`;
}
