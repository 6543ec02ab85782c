import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, expect } from 'vitest';
import type { NotificationView } from '@domain/notifications';
import { clientEditorAssignments, notifications, users } from '../../db/schema';
import { setUpSuite, type Caller, type TestApp } from '../../test/helper';

/** What the suites that cause notifications read back (comments, notifications, team leads). */

/** Everything `who` reads at GET /api/notifications, the read ones too. */
export async function readNotices(call: Caller, who: string): Promise<NotificationView[]> {
  const res = await call(who, 'GET', '/api/notifications?includeRead=true');
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Everyone's notifications as {username: [type, ...]}, leaving out people with none. */
export async function notificationsByUser(t: TestApp) {
  const rows = await t.db
    .select({ username: users.username, type: notifications.type })
    .from(notifications)
    .innerJoin(users, eq(users.id, notifications.recipientId))
    .orderBy(users.username, notifications.type);
  const out: Record<string, string[]> = {};
  for (const r of rows) (out[r.username] ??= []).push(r.type);
  return out;
}

/**
 * The people around one client's videos, as the comment and notification suites cast them: the
 * owner (a double quote in her name, which a notice turns into a single one), another client,
 * the editor the suites assign to her videos, an editor on her team, an editor on nobody's team,
 * two lead editors and the king.
 */
const VIDEO_PEOPLE = [
  ['owner', 'client', 'false', 'Olivia "O" Owner'],
  ['other', 'client', 'false', null],
  ['editor', 'editor', 'false', 'Eddie'],
  ['teameditor', 'editor', 'false', null],
  ['stranger', 'editor', 'false', null],
  ['lead1', 'lead_editor', 'false', 'Lea'],
  ['lead2', 'lead_editor', 'false', null],
  ['boss', 'king', 'true', 'The King'],
] as const;

/** Those people signed in (setUpSuite), teameditor on the owner's team, no notice before each test. */
export function setUpVideoPeople() {
  const t = setUpSuite(VIDEO_PEOPLE);
  beforeAll(async () => {
    await t.db
      .insert(clientEditorAssignments)
      .values({ clientId: t.id.owner, editorId: t.id.teameditor });
  });
  beforeEach(async () => {
    await t.db.delete(notifications);
  });
  return t;
}
