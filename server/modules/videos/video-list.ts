import type { SQL } from 'drizzle-orm';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { canSeeInternalNotes, canSeePayment } from '@domain/permissions';
import { videoViewSchema } from '@domain/videos';
import type { Db } from '../../db/client';
import type { ViewerScope } from './scope';
import {
  findVersionedVideos,
  listVideos,
  listVideoVersions,
  type ListedVersion,
  toVideoView,
  type VersionedVideo,
  type VideoFilters,
} from './videos.repository';

/**
 * One video's answer as the app's response serializer writes it (server/app.ts): a list's JSON
 * is its videos' JSON joined, byte for byte what serializing the list at once gives.
 */
const encodeView = serializerCompiler({
  schema: videoViewSchema,
  method: 'GET',
  url: '/api/videos',
}) as (view: unknown) => string;

/** A video's JSON as VideoJsonCache keeps it, under its key (`used`: its second chance). */
interface KeptJson {
  readonly key: string;
  readonly json: Buffer;
  used: boolean;
}

/**
 * Each listed video's JSON, by row version and what the viewer may see of it (ADR 0007, "Video
 * lists from kept JSON"). A version names the exact rows a view is made of, so an entry is never
 * stale: a change makes a new version, and the old entry ages out, least recently used first,
 * within `maxBytes`.
 */
export class VideoJsonCache {
  /**
   * Bytes, not strings: outside the JS heap, so they do not grow what the collector walks.
   * Oldest first; `used` is the second chance an entry read since it was last passed gets.
   */
  private readonly entries = new Map<string, KeptJson>();
  private bytes = 0;
  /** Moves with every `clear`: JSON made from a read that began before it is not kept. */
  epoch = 0;

  constructor(private readonly maxBytes: number) {}

  /**
   * A hit marks the entry used rather than moving it to the end: an editor's list reads 1,700 of
   * them a time, and moving each was 3% of the server's time in the working day. It answers the
   * key as kept too: a list that holds that string rather than its own copy of it (the read
   * cache keeps a list's keys for ten minutes, to answer deltas) adds no string to the heap.
   */
  get(key: string): KeptJson | undefined {
    const entry = this.entries.get(key);
    if (entry) entry.used = true;
    return entry;
  }

  /**
   * Keeps `json`, made by a read that began at `epoch`, unless the cache was emptied since; over
   * the limit, the oldest entry not used since it was last passed goes.
   */
  set(key: string, json: Buffer, epoch: number) {
    if (epoch !== this.epoch || this.entries.has(key)) return;
    this.entries.set(key, { key, json, used: false });
    this.bytes += key.length + json.length;
    while (this.bytes > this.maxBytes) {
      const [oldest, entry] = this.entries.entries().next().value!;
      this.entries.delete(oldest);
      if (entry.used && oldest !== key) {
        entry.used = false;
        this.entries.set(oldest, entry);
      } else {
        this.bytes -= oldest.length + entry.json.length;
      }
    }
  }

  clear() {
    this.epoch++;
    this.entries.clear();
    this.bytes = 0;
  }
}

/**
 * The key of a video's JSON for this viewer: its version and the hidden fields it may see. Joined
 * rather than spelled as a template, which would give a string of four pieces that the map
 * flattens again at every lookup (an editor's list looks up 1,700 of them) and that holds four
 * objects where one will do (11 MB of the 100,000-video working day's heap).
 */
const keyOf = (viewer: ViewerScope, v: Pick<ListedVersion, 'id' | 'userId' | 'version'>) =>
  [
    v.id,
    v.version,
    canSeeInternalNotes(viewer) ? '1' : '0',
    canSeePayment(viewer, v) ? '1' : '0',
  ].join('|');

export interface VideoListJson {
  /** Each video's JSON, in the list's order (the read cache's sendKeyedList joins them). */
  parts: Buffer[];
  /** The key of each part (its video, version and hidden fields): they name its bytes. */
  keys: string[];
  /** The videos' ids and creation times, in the list's order (for a page's cursor). */
  rows: Pick<ListedVersion, 'id' | 'createdAt'>[];
}

/**
 * A video list (listVideos' rows as the viewer sees them) as JSON, re-serializing only the
 * videos whose rows changed since they were last listed: one light read of the list's versions,
 * then the full rows of the videos whose JSON is not kept. The answer is the list as the first
 * read saw it; if a video changed or went between the two reads, the whole list is read afresh.
 */
export async function videoListJson(
  db: Db,
  cache: VideoJsonCache,
  viewer: ViewerScope,
  where: SQL | undefined,
  filters: VideoFilters,
): Promise<VideoListJson> {
  const epoch = cache.epoch;
  const store = (key: string, row: VersionedVideo) => {
    const json = Buffer.from(encodeView(toVideoView(viewer, row)));
    cache.set(key, json, epoch);
    return json;
  };
  const listed = await listVideoVersions(db, where, filters);
  const keys = listed.map((v) => keyOf(viewer, v));
  const parts = keys.map((key, i) => {
    const kept = cache.get(key);
    if (kept) keys[i] = kept.key;
    return kept?.json;
  });
  const missing = listed.filter((_, i) => parts[i] === undefined);
  if (missing.length === 0) return { parts: parts as Buffer[], keys, rows: listed };
  // Most missing (a first read): the whole list in one read is cheaper than by id.
  if (missing.length * 2 < listed.length) {
    const found = new Map(
      (
        await findVersionedVideos(
          db,
          missing.map((v) => v.id),
        )
      ).map((f) => [f.video.id, f]),
    );
    if (missing.every((v) => found.get(v.id)?.version === v.version)) {
      listed.forEach((v, i) => {
        if (parts[i] === undefined) parts[i] = store(keys[i]!, found.get(v.id)!);
      });
      return { parts: parts as Buffer[], keys, rows: listed };
    }
  }
  const rows = await listVideos(db, where, filters);
  const read = rows.map((row) => keyOf(viewer, { ...row.video, ...row }));
  return {
    parts: rows.map((row, i) => store(read[i]!, row)),
    keys: read,
    rows: rows.map((r) => r.video),
  };
}
