import { randomUUID } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { NamedPerson, PlannedClient, PlannedVideo } from '@domain/import';
import { videoKey } from '@domain/import';
import { normalizeRole } from '@domain/roles';
import { defaultDueDate } from '@domain/video-form';
import { COMPLETED_STATUSES } from '@domain/video-status';
import { customTypeOwner } from '@domain/video-types';
import { utcDay } from '@domain/publishing';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { users } from '../../db/schema';
import { insertVideo, lockClientVideos } from '../videos/videos.repository';

/**
 * What an imported client's password column holds until an admin sets one (Reset password): no
 * argon2 hash, so no password verifies against it (server/lib/passwords.ts answers false).
 */
export const NO_PASSWORD = '!imported';

/** The people a file's names may mean: clients, and editors and lead editors. */
export async function importPeople(db: Db) {
  const everyone = await db
    .select({ id: users.id, username: users.username, name: users.name, role: users.role })
    .from(users);
  const clients: NamedPerson[] = [];
  const editors: NamedPerson[] = [];
  const others = new Set<string>();
  const clientNames = new Set<string>();
  for (const person of everyone) {
    const role = normalizeRole(person.role);
    if (role === 'client') {
      clients.push(person);
      clientNames.add(person.username.toLowerCase());
    } else others.add(person.username.toLowerCase());
    if (role === 'editor' || role === 'lead_editor') editors.push(person);
  }
  return { clients, editors, others, clientNames };
}

/** The videoKey of every video of `clientIds`. */
export async function existingVideoKeys(db: Db, clientIds: readonly string[]) {
  if (clientIds.length === 0) return new Set<string>();
  const rows = rowsOf<{ client_id: string; name: string; link: string }>(
    await db.execute(sql`select user_id::text as client_id, name, link from videos
      where user_id in (${sql.join(
        clientIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`),
  );
  return new Set(rows.map((r) => videoKey({ clientId: r.client_id, name: r.name, link: r.link })));
}

const COMPLETE = new Set<string>(COMPLETED_STATUSES);

/**
 * Creates the planned videos in one transaction, a client at a time under the lock that orders
 * its creates (lockClientVideos), skipping any that another import made meanwhile (read again
 * under the lock): as many as were created. An import tells nobody: it brings existing work in.
 */
export async function createImportedVideos(
  db: Db,
  actorId: string,
  planned: readonly PlannedVideo[],
): Promise<number> {
  const byClient = new Map<string, PlannedVideo[]>();
  for (const v of planned) byClient.set(v.clientId, [...(byClient.get(v.clientId) ?? []), v]);
  const clientIds = [...byClient.keys()].sort();
  const roles = new Map(
    (
      await db
        .select({ id: users.id, role: users.role })
        .from(users)
        .where(inArray(users.id, clientIds))
    ).map((u) => [u.id, u.role]),
  );
  return db.transaction(async (tx) => {
    let created = 0;
    for (const clientId of clientIds) {
      await lockClientVideos(tx, clientId);
      const there = await existingVideoKeys(tx, [clientId]);
      const typeOwner = customTypeOwner({ id: clientId, role: roles.get(clientId) ?? 'client' });
      for (const v of byClient.get(clientId)!) {
        if (there.has(videoKey(v))) continue;
        const now = new Date();
        await insertVideo(
          tx,
          {
            id: randomUUID(),
            userId: clientId,
            name: v.name,
            type: v.type,
            status: v.status,
            link: v.link,
            description: '',
            internalNotes: '',
            assignedEditorId: v.editorId,
            startDate: now,
            dueDate: defaultDueDate(now),
            paymentAmount: '0.00',
            finishDate: COMPLETE.has(v.status) ? now : null,
            publishedAt: v.status === 'posted' ? utcDay(now) : null,
          },
          actorId,
          typeOwner,
        );
        there.add(videoKey(v));
        created += 1;
      }
    }
    return created;
  });
}

/** Creates the planned clients (no password yet: NO_PASSWORD); as many as were created. */
export async function createImportedClients(
  db: Db,
  planned: readonly PlannedClient[],
): Promise<number> {
  if (planned.length === 0) return 0;
  const inserted = await db
    .insert(users)
    .values(
      planned.map((c) => ({
        username: c.username,
        password: NO_PASSWORD,
        name: c.name,
        role: 'client',
        isVip: c.isVip,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: users.id });
  return inserted.length;
}
