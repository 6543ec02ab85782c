import { eq, type SQL } from 'drizzle-orm';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { expect } from 'vitest';
import { videoListSchema } from '@domain/videos';
import { type SessionUser, users } from '../db/schema';
import { loadViewerScope, type ViewerScope } from '../modules/scope/scope';
import { readableBy } from '../modules/scope/readable';
import { listVideos, toVideoView } from '../modules/videos/videos.repository';
import type { Suite } from './helper';
import type { recordStatements } from './statements';

const serializeList = serializerCompiler({
  schema: videoListSchema,
  method: 'GET',
  url: '/api/videos',
}) as (views: unknown) => string;

/**
 * A video list as a whole read gives it (what the list routes answered before their lists were
 * made of kept JSON, video-list.ts): every row `where` allows the person read in full, serialized
 * at once.
 */
export async function wholeListOf<K extends string>(
  t: Suite<K>,
  who: K,
  where: (scope: ViewerScope) => SQL | undefined = readableBy,
) {
  const [user] = await t.db.select().from(users).where(eq(users.id, t.id[who]));
  const scope = await loadViewerScope(t.db, user as SessionUser);
  const rows = await listVideos(t.db, where(scope));
  return serializeList(rows.map((r) => toVideoView(scope, r)));
}

/** A read's answer (200) and the statements it sent that read videos. */
export async function videoReadsOf<K extends string>(
  t: Suite<K>,
  statements: ReturnType<typeof recordStatements>,
  who: K,
  url: string,
) {
  let body = '';
  const sent = await statements.during(async () => {
    const res = await t.call(who, 'GET', url);
    expect(res.statusCode).toBe(200);
    body = res.body;
  });
  return { body, reads: sent.filter((s) => s.includes('from "videos"')) };
}
