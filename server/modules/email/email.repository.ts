import { createHash, randomBytes } from 'node:crypto';
import { desc, eq, type SQL, sql } from 'drizzle-orm';
import {
  DIGEST_FREQUENCIES,
  EMAIL_KINDS,
  emailModes,
  isTimeZone,
  OUTBOX_LIST_LIMIT,
  storedChoices,
  type DigestFrequency,
  type EmailKind,
  type EmailSettings,
  type OutboxView,
} from '@domain/email';
import type { Db } from '../../db/client';
import { emailOutbox, emailSettings, emailUnsubscribeTokens } from '../../db/schema';

/**
 * The email tables (docs/decisions/0006-email-outbox.md): a user's settings, the events the
 * notifier leaves for the worker, the outbox the king reads, and the unsubscribe tokens.
 */

export interface EmailEventDraft {
  recipientId: string;
  kind: string;
  title: string;
  message: string;
  videoId?: string | null;
  commentId?: string | null;
}

/**
 * Leaves notifications for the email worker, in the caller's transaction: one statement
 * however many recipients, keeping only those with an address (the worker applies the rest of
 * their choices, off the request path).
 */
export async function enqueueEmailEvents(db: Db, events: EmailEventDraft[]) {
  if (!events.length) return;
  const rows = JSON.stringify(events.map(emailEventRow));
  await db.execute(
    emailEventsFrom(sql`jsonb_to_recordset(${rows}::jsonb) as e(recipient_id uuid, kind text,
      title text, message text, video_id uuid, comment_id uuid)`),
  );
}

/** An event as the row `emailEventsFrom` reads (snake_case columns). */
export const emailEventRow = (e: EmailEventDraft) => ({
  recipient_id: e.recipientId,
  kind: e.kind,
  title: e.title,
  message: e.message,
  video_id: e.videoId ?? null,
  comment_id: e.commentId ?? null,
});

/**
 * The insert of the email events of `source`, a row source aliased `e` with the columns
 * recipient_id, kind, title, message, video_id and comment_id; also one part of the notifier's
 * single statement (notifications.repository.ts, storeNotifications).
 */
export function emailEventsFrom(source: SQL) {
  return sql`
    insert into email_events (recipient_id, kind, title, message, video_id, comment_id)
    select e.recipient_id, e.kind, e.title, e.message, e.video_id, e.comment_id
    from ${source}
    join email_settings s on s.user_id = e.recipient_id and s.address is not null`;
}

type SettingsRow = typeof emailSettings.$inferSelect;

/** A user's settings with every kind's mode; `time_zone`'s default until they choose one. */
export function toEmailSettings(row: SettingsRow | undefined, role: string): EmailSettings {
  const digest = (DIGEST_FREQUENCIES as readonly string[]).includes(row?.digest ?? '')
    ? (row!.digest as DigestFrequency)
    : 'daily';
  return {
    address: row?.address ?? '',
    digest,
    timeZone: row && isTimeZone(row.timeZone) ? row.timeZone : 'UTC',
    modes: emailModes(role, row?.choices ?? {}),
  };
}

export async function findEmailSettings(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(emailSettings)
    .where(eq(emailSettings.userId, userId))
    .limit(1);
  return row;
}

export async function saveEmailSettings(
  db: Db,
  userId: string,
  role: string,
  settings: EmailSettings,
) {
  const values = {
    address: settings.address.trim() || null,
    digest: settings.digest,
    timeZone: settings.timeZone,
    choices: storedChoices(role, settings.modes),
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(emailSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: emailSettings.userId, set: values })
    .returning();
  return toEmailSettings(row, role);
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new one-click unsubscribe token for one user and kind ('digest': every digest kind). */
export async function createUnsubscribeToken(db: Db, userId: string, kind: EmailKind | 'digest') {
  const token = randomBytes(24).toString('base64url');
  await db.insert(emailUnsubscribeTokens).values({ tokenHash: hashToken(token), userId, kind });
  return token;
}

/**
 * Turns off what the token names for its user: its kind, or every kind in the digest. The token
 * grants nothing else. What was turned off ('digest' or a kind), or undefined for an unknown one.
 */
export async function unsubscribe(
  db: Db,
  token: string,
  role: (userId: string) => Promise<string>,
) {
  const [found] = await db
    .select()
    .from(emailUnsubscribeTokens)
    .where(eq(emailUnsubscribeTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!found) return undefined;
  const userRole = await role(found.userId);
  const current = toEmailSettings(await findEmailSettings(db, found.userId), userRole);
  const modes = { ...current.modes };
  for (const kind of EMAIL_KINDS) {
    if (found.kind === kind || (found.kind === 'digest' && modes[kind] === 'digest')) {
      modes[kind] = 'off';
    }
  }
  await saveEmailSettings(db, found.userId, userRole, { ...current, modes });
  return found.kind;
}

/** The newest messages of the outbox, for the king. */
export async function listOutbox(db: Db): Promise<OutboxView['messages']> {
  const rows = await db
    .select()
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(OUTBOX_LIST_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    toAddress: r.toAddress,
    kind: r.kind,
    subject: r.subject,
    status: r.status as OutboxView['messages'][number]['status'],
    attempts: r.attempts,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    nextAttemptAt: r.nextAttemptAt.toISOString(),
    textBody: r.textBody,
  }));
}
