import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { videos, videoTypes } from '../../db/schema';
import { createTestApp, seedPeople, type TestApp } from '../../test/helper';
import { recordPaid } from './ledger.repository';

/**
 * The scene the invoicing tests share: the king, an admin editor, a lead editor, an editor and
 * two clients, each signed in, and a way to add videos in any state.
 */
export const PEOPLE = {
  king: { role: 'king', isAdmin: 'true', name: 'The King' },
  admin: { role: 'editor', isAdmin: 'true', name: 'Ada Admin' },
  lead: { role: 'lead_editor', isAdmin: 'false', name: 'Lee Lead' },
  editor: { role: 'editor', isAdmin: 'false', name: 'Eve Editor' },
  client: { role: 'client', isAdmin: 'false', name: 'Zed Client' },
  client2: { role: 'client', isAdmin: 'false', name: 'amy client' },
} as const;
export type Person = keyof typeof PEOPLE | 'anonymous';

export interface Scene {
  t: TestApp;
  id: Record<keyof typeof PEOPLE, string>;
  call: (
    who: Person,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => Promise<LightMyRequestResponse>;
  typeId: (name: string) => Promise<string>;
  addVideo: (v?: Partial<typeof videos.$inferInsert>) => Promise<typeof videos.$inferSelect>;
}

export async function createScene(): Promise<Scene> {
  const t = await createTestApp();
  const { id, cookie } = await seedPeople(
    t,
    (Object.keys(PEOPLE) as (keyof typeof PEOPLE)[]).map((key) => {
      const { role, isAdmin, name } = PEOPLE[key];
      return [key, role, isAdmin, name] as const;
    }),
  );
  const call: Scene['call'] = (who, method, url, payload) =>
    t.app.inject({
      method,
      url,
      headers: who === 'anonymous' ? {} : { cookie: cookie[who] },
      payload,
    });
  const typeId = async (name: string) => {
    const [row] = await t.db.select().from(videoTypes).where(eq(videoTypes.name, name));
    if (!row) throw new Error(`no type ${name}`);
    return row.id;
  };
  let n = 0;
  const addVideo: Scene['addVideo'] = async (v = {}) => {
    const userId = v.userId ?? id.client;
    const [row] = await t.db
      .insert(videos)
      .values({
        name: `Video ${++n}`,
        link: `https://example.com/v/${n}`,
        status: 'posted',
        finishDate: new Date(),
        ...v,
        userId,
        // Unique per scene, so videos may be added concurrently.
        ordinal: 1_000_000 + n,
      })
      .returning();
    // Paid work placed directly is in the books too, as the migration and the demo put it there.
    if (row!.paymentStatus === 'paid') await recordPaid(t.db, [row!.id], null);
    return row!;
  };
  return { t, id, call, typeId, addVideo };
}

/** The first instant of the month `offset` months from the current UTC month. */
export function monthsAgo(offset: number, day = 10): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - offset, day, 12));
}
