import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { NotificationView } from '@domain/notifications';
import { notifications, users } from '../../db/schema';
import type { Caller, TestApp } from '../../test/helper';

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
