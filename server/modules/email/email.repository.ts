import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import {
  choiceVersionOf,
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
  UNSUBSCRIBE_LINK_DAYS,
  type UnsubscribeRefusal,
} from '@domain/email';
import { DAY_MS } from '@domain/day-counter';
import type { Db } from '../../db/client';
import { emailOutbox, emailSettings, emailUnsubscribeTokens, users } from '../../db/schema';

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
  // Each kind whose mode changes counts up its version, which spends the links sent before.
  const before = await findEmailSettings(db, userId);
  const was = toEmailSettings(before, role).modes;
  const choiceVersions = { ...(before?.choiceVersions ?? {}) };
  for (const kind of EMAIL_KINDS) {
    if (was[kind] !== settings.modes[kind]) choiceVersions[kind] = (choiceVersions[kind] ?? 0) + 1;
  }
  const values = {
    address: settings.address.trim() || null,
    digest: settings.digest,
    timeZone: settings.timeZone,
    choices: storedChoices(role, settings.modes),
    choiceVersions,
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

/**
 * A new one-click unsubscribe token for one user and kind ('digest': every digest kind), bound
 * to that choice as it is now (its version): made as the email is composed.
 */
export async function createUnsubscribeToken(db: Db, userId: string, kind: EmailKind | 'digest') {
  const token = randomBytes(24).toString('base64url');
  const versions = (await findEmailSettings(db, userId))?.choiceVersions ?? {};
  await db.insert(emailUnsubscribeTokens).values({
    tokenHash: hashToken(token),
    userId,
    kind,
    choiceVersion: choiceVersionOf(versions, kind),
  });
  return token;
}

type TokenRow = typeof emailUnsubscribeTokens.$inferSelect;

/**
 * What a token may do now: its row, or why it may do nothing. A link makes one change, of the
 * choice as it was when its email was sent, within UNSUBSCRIBE_LINK_DAYS (issue 37).
 */
export async function checkUnsubscribeToken(
  db: Db,
  token: string,
): Promise<{ found: TokenRow; refusal: null } | { refusal: UnsubscribeRefusal }> {
  const [found] = await db
    .select()
    .from(emailUnsubscribeTokens)
    .where(eq(emailUnsubscribeTokens.tokenHash, hashToken(token)))
    .limit(1);
  if (!found) return { refusal: 'invalid' };
  if (found.usedAt) return { refusal: 'used' };
  if (found.createdAt.getTime() < Date.now() - UNSUBSCRIBE_LINK_DAYS * DAY_MS) {
    return { refusal: 'expired' };
  }
  const versions = (await findEmailSettings(db, found.userId))?.choiceVersions ?? {};
  if (choiceVersionOf(versions, found.kind as EmailKind | 'digest') !== found.choiceVersion) {
    return { refusal: 'changed' };
  }
  return { found, refusal: null };
}

/**
 * Turns off what the token names for its user, once: its kind, or every kind in the digest. The
 * token grants nothing else. What was turned off ('digest' or a kind), or why nothing was.
 */
export async function unsubscribe(
  db: Db,
  token: string,
): Promise<{ kind: string; refusal: null } | { refusal: UnsubscribeRefusal }> {
  return db.transaction(async (tx) => {
    const checked = await checkUnsubscribeToken(tx, token);
    if (checked.refusal) return checked;
    const { found } = checked;
    // Spent in the same transaction as the change: two clicks at once make one change.
    const [spent] = await tx
      .update(emailUnsubscribeTokens)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(emailUnsubscribeTokens.tokenHash, found.tokenHash),
          isNull(emailUnsubscribeTokens.usedAt),
        ),
      )
      .returning();
    if (!spent) return { refusal: 'used' as const };
    const [owner] = await tx
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, found.userId));
    const userRole = owner?.role ?? 'client';
    const current = toEmailSettings(await findEmailSettings(tx, found.userId), userRole);
    const modes = { ...current.modes };
    for (const kind of EMAIL_KINDS) {
      if (found.kind === kind || (found.kind === 'digest' && modes[kind] === 'digest')) {
        modes[kind] = 'off';
      }
    }
    await saveEmailSettings(tx, found.userId, userRole, { ...current, modes });
    return { kind: found.kind, refusal: null };
  });
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
