import { and, inArray, notInArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { isManager } from '@domain/roles';
import { videoViewSchema } from '@domain/videos';
import type { Db } from '../../db/client';
import { videos } from '../../db/schema';
import { movedUserScopes } from '../../plugins/read-cache';
import type { ViewerScope } from '../scope/scope';
import {
  findVersionedVideos,
  listVideos,
  listVideoVersions,
  type ListedVersion,
  microsToDate,
  toVideoView,
  viewerFactsKey,
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

  /** @param maxBytes 0: keeps nothing (READ_CACHE=off). */
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
    if (epoch !== this.epoch || this.maxBytes === 0 || this.entries.has(key)) return;
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
 * objects where one will do (11 MB of the 100,000-video working day's heap). It starts with the
 * video's id and then its version (`idAndVersion`).
 */
const keyOf = (viewer: ViewerScope, v: Pick<ListedVersion, 'id' | 'userId' | 'version'>) =>
  [v.id, v.version, viewerFactsKey(viewer, v)].join('|');

const idAndVersion = (key: string) => key.split('|', 2) as [string, string];

export interface VideoListJson {
  /** Each video's JSON, in the list's order (the read cache's sendKeyedList joins them). */
  parts: Buffer[];
  /** The key of each part (its video, version and hidden fields): they name its bytes. */
  keys: string[];
  /** The id and creation time of the video at `i` in the list (for a page's cursor). */
  cursorAt: (i: number) => { id: string; createdAt: Date };
}

/**
 * A list's versions (listVideoVersions) as the viewer's keys, with each video's client, assigned
 * editor and creation time, in the list's order: what a later read of the same list needs to read
 * again only the videos of the scopes that moved (`changedSince`).
 */
interface Versions {
  keys: string[];
  clients: string[];
  editors: (string | null)[];
  micros: number[];
}

/**
 * The people's ids the kept versions hold, one string each (an editor's list names the same few
 * clients 1,700 times). Copied, not kept as they come: a piece of a split is a slice of the whole
 * text, and would hold the ~200 KB of its light read for as long as the list is kept.
 */
const peopleIds = new Map<string, string>();
const PEOPLE_IDS = 100_000;
function personId(id: string): string {
  let kept = peopleIds.get(id);
  if (kept === undefined) {
    if (peopleIds.size >= PEOPLE_IDS) peopleIds.clear();
    kept = Buffer.from(id, 'latin1').toString('latin1');
    peopleIds.set(kept, kept);
  }
  return kept;
}

function versionsOf(viewer: ViewerScope, listed: readonly ListedVersion[]): Versions {
  return {
    keys: listed.map((v) => keyOf(viewer, v)),
    clients: listed.map((v) => personId(v.userId)),
    editors: listed.map((v) => (v.assignedEditorId === null ? null : personId(v.assignedEditorId))),
    micros: listed.map((v) => v.createdMicros),
  };
}

/**
 * The versions of whole lists (no page, no clock-bound filter) as each viewer last read them,
 * under the read cache's label read before (`ListSince`), by the read cache's key of the viewer
 * and URL; the least recently read go past `maxLists`. About 40 bytes a video: the keys are the
 * strings the videos' kept JSON holds.
 */
export class ListVersionsCache {
  private readonly lists = new Map<string, Versions & { label: string }>();

  /** @param maxLists 0: keeps nothing (READ_CACHE=off). */
  constructor(private readonly maxLists: number) {}

  get(key: string) {
    const kept = this.lists.get(key);
    if (kept) {
      this.lists.delete(key);
      this.lists.set(key, kept);
    }
    return kept;
  }

  set(key: string, label: string, versions: Versions) {
    if (this.maxLists === 0) return;
    this.lists.delete(key);
    this.lists.set(key, { label, ...versions });
    while (this.lists.size > this.maxLists) this.lists.delete(this.lists.keys().next().value!);
  }

  clear() {
    this.lists.clear();
  }
}

/** Where a whole list's read may start from the versions read last time (`changedSince`). */
export interface ListSince {
  kept: ListVersionsCache;
  /** The read cache's key of the viewer and URL. */
  key: string;
  /** The viewer's label, read before this read began (read-cache.ts, `readLabel`). */
  label: string;
}

/**
 * The list's versions now, from those kept under an earlier label of the viewer's when only
 * users' own scopes moved since (movedUserScopes). A change to a video moves the scope of its
 * client, always, and of its assigned editor before and after (ADR 0007). So of the videos this
 * viewer may read, one whose client's scope the label names changed, came or went only if that
 * client's scope moved; any other is in the list as assigned to a user the label names (the
 * viewer), and changed, came or went only if that user's scope moved. Those are read again; the
 * kept versions of the rest stand, merged with them in the list's order (newest first, then id).
 * An editor's own scope moves with every change to a video assigned to them, most of their list,
 * but their clients' do not. Nothing moved (the read cache's answer went with its time limit):
 * no read at all. Undefined when the list must be read whole.
 */
export async function changedSince(
  db: Db,
  viewer: ViewerScope,
  where: SQL | undefined,
  filters: VideoFilters,
  { kept: cache, key, label }: ListSince,
): Promise<Versions | undefined> {
  const kept = cache.get(key);
  const changes = kept && movedUserScopes(kept.label, label);
  if (!kept || !changes) return undefined;
  const { moved, users } = changes;
  if (moved.length === 0) return kept;
  const fresh = versionsOf(
    viewer,
    await listVideoVersions(db, where, filters, [
      inArray(videos.userId, moved),
      // Of the videos assigned to a moved user, those of clients the label does not name: the
      // clients found in the editor index alone (it holds the client), then their videos by it.
      and(
        inArray(videos.assignedEditorId, moved),
        inArray(
          videos.userId,
          db
            .select({ client: assignedElsewhere.userId })
            .from(assignedElsewhere)
            .where(
              and(
                inArray(assignedElsewhere.assignedEditorId, moved),
                notInArray(assignedElsewhere.userId, users),
              ),
            ),
        ),
      )!,
    ]),
  );
  const [movedSet, named] = [new Set(moved), new Set(users)];
  const merged: Versions = { keys: [], clients: [], editors: [], micros: [] };
  const take = (from: Versions, i: number) => {
    merged.keys.push(from.keys[i]!);
    merged.clients.push(from.clients[i]!);
    merged.editors.push(from.editors[i]!);
    merged.micros.push(from.micros[i]!);
  };
  // Newest first, then the greater id, as the list's order (listVideos): a uuid's text sorts
  // as its bytes do.
  const before = (a: Versions, i: number, b: Versions, j: number) =>
    a.micros[i]! !== b.micros[j]!
      ? a.micros[i]! > b.micros[j]!
      : idAndVersion(a.keys[i]!)[0] > idAndVersion(b.keys[j]!)[0];
  let j = 0;
  for (let i = 0; i < kept.keys.length; i++) {
    const [client, editor] = [kept.clients[i]!, kept.editors[i]];
    const stale = named.has(client)
      ? movedSet.has(client)
      : editor !== null && movedSet.has(editor!);
    if (stale) continue;
    while (j < fresh.keys.length && before(fresh, j, kept, i)) take(fresh, j++);
    take(kept, i);
  }
  while (j < fresh.keys.length) take(fresh, j++);
  return merged;
}

/** The videos table again, for the clients of the videos assigned to someone (changedSince). */
const assignedElsewhere = alias(videos, 'assigned_elsewhere');

/** Whether a list is read whole, with no filter bound to the clock: one `changedSince` keeps. */
const wholeAndTimeless = (f: VideoFilters) => !f.limit && !f.cursor && !f.overdue && !f.needsLead;

/**
 * A video list (listVideos' rows as the viewer sees them) as JSON, re-serializing only the
 * videos whose rows changed since they were last listed: one light read of the list's versions
 * (for a whole list read before by the same viewer, only of the videos whose scopes moved since,
 * `changedSince`), then the full rows of the videos whose JSON is not kept. The answer is the list
 * as the first read saw it; if a video changed or went between the two reads, the whole list is
 * read afresh.
 */
export async function videoListJson(
  db: Db,
  cache: VideoJsonCache,
  viewer: ViewerScope,
  where: SQL | undefined,
  filters: VideoFilters,
  since?: ListSince,
): Promise<VideoListJson> {
  const epoch = cache.epoch;
  const store = (key: string, row: VersionedVideo) => {
    const json = Buffer.from(encodeView(toVideoView(viewer, row)));
    cache.set(key, json, epoch);
    return json;
  };
  const keeps = since && wholeAndTimeless(filters) && !isManager(viewer) ? since : undefined;
  const versions =
    (keeps && (await changedSince(db, viewer, where, filters, keeps))) ??
    versionsOf(viewer, await listVideoVersions(db, where, filters));
  const { keys, micros } = versions;
  const cursorAt = (i: number) => ({
    id: idAndVersion(keys[i]!)[0],
    createdAt: microsToDate(micros[i]!),
  });
  const parts = keys.map((key, i) => {
    const kept = cache.get(key);
    if (kept) keys[i] = kept.key;
    return kept?.json;
  });
  const done = () => {
    if (keeps) keeps.kept.set(keeps.key, keeps.label, versions);
    return { parts: parts as Buffer[], keys, cursorAt };
  };
  const missing = keys.filter((_, i) => parts[i] === undefined);
  if (missing.length === 0) return done();
  // Most missing (a first read): the whole list in one read is cheaper than by id.
  if (missing.length * 2 < keys.length) {
    const found = new Map(
      (
        await findVersionedVideos(
          db,
          missing.map((key) => idAndVersion(key)[0]),
        )
      ).map((f) => [f.video.id, f]),
    );
    const current = missing.every((key) => {
      const [id, version] = idAndVersion(key);
      return found.get(id)?.version === version;
    });
    if (current) {
      keys.forEach((key, i) => {
        if (parts[i] === undefined) parts[i] = store(key, found.get(idAndVersion(key)[0])!);
      });
      return done();
    }
  }
  const rows = await listVideos(db, where, filters);
  const read = rows.map((row) => keyOf(viewer, { ...row.video, ...row }));
  // The versions read first are this list's if nothing changed between the two reads.
  if (keeps && read.length === keys.length && read.every((key, i) => key === keys[i])) {
    keeps.kept.set(keeps.key, keeps.label, versions);
  }
  return {
    parts: rows.map((row, i) => store(read[i]!, row)),
    keys: read,
    cursorAt: (i) => rows[i]!.video,
  };
}
