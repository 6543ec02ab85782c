import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import {
  EMAIL_MAX_ATTEMPTS,
  isEmailKind,
  OUTBOX_KEEP_SENT_DAYS,
  nextDigestAt,
  renderDigest,
  renderEmail,
  retryDelayMs,
  type EmailItem,
  type EmailKind,
} from '@domain/email';
import { DAY_MS } from '@domain/day-counter';
import { notificationHref } from '@domain/notifications';
import { frameToSeconds } from '@domain/timecode';
import { commentFrameRateSql } from '../versions/frame-rates.repository';
import type { Db } from '../../db/client';
import { comments, emailEvents, emailOutbox, emailSettings, users } from '../../db/schema';
import { createUnsubscribeToken, toEmailSettings } from './email.repository';

/**
 * The email worker (docs/decisions/0006-email-outbox.md): a loop in each server process that
 * turns the notifier's email events into messages (at once, or gathered into the user's digest),
 * delivers the outbox over SMTP, and deletes messages sent long ago. Every step that sends
 * claims its rows with FOR UPDATE SKIP LOCKED, so instances sharing a database never take the
 * same row; a message being sent holds a lease, and one whose worker died is taken again when
 * the lease runs out.
 */

export interface MailSettings {
  /** smtp://user:pass@host:port (nodemailer's URL); without it nothing is sent, only kept. */
  smtpUrl?: string;
  from: string;
  /** Where the app is reached from outside, for links: https://videos.example.com */
  publicUrl: string;
  /** How often the loop looks for work (ms). */
  pollMs?: number;
}

/** A message being sent belongs to its worker this long; then another may take it again. */
export const LEASE_MS = 2 * 60_000;
/** Rows one step takes at a time. */
const BATCH = 50;
/** Sent messages one pass deletes at the most (a long backlog goes over a few passes). */
const PRUNE_BATCH = 1000;

export interface WorkResult {
  composed: number;
  sent: number;
  failed: number;
  /** Sent messages deleted for being older than OUTBOX_KEEP_SENT_DAYS. */
  pruned: number;
}

export interface Mailer {
  /** True when SMTP_URL is set: the outbox is delivered, not only kept. */
  delivering: boolean;
  /** One pass of every step at `now` (the loop's tick; tests call it with a time of their own). */
  work(now?: Date): Promise<WorkResult>;
  /** Starts the background loop (the server process; tests drive work() themselves). */
  start(): void;
  close(): Promise<void>;
}

interface Recipient {
  id: string;
  role: string;
  settings: ReturnType<typeof toEmailSettings>;
}

export function createMailer(db: Db, mail: MailSettings, log: FastifyBaseLogger): Mailer {
  const workerId = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const transport = mail.smtpUrl ? nodemailer.createTransport(mail.smtpUrl) : null;
  const base = mail.publicUrl.replace(/\/+$/, '');
  const unsubscribeUrl = (token: string) => `${base}/unsubscribe?token=${token}`;

  async function recipients(tx: Db, ids: string[]): Promise<Map<string, Recipient>> {
    if (!ids.length) return new Map();
    const rows = await tx
      .select({ id: users.id, role: users.role, settings: emailSettings })
      .from(users)
      .leftJoin(emailSettings, eq(emailSettings.userId, users.id))
      .where(inArray(users.id, [...new Set(ids)]));
    return new Map(
      rows.map((r) => [
        r.id,
        { id: r.id, role: r.role, settings: toEmailSettings(r.settings ?? undefined, r.role) },
      ]),
    );
  }

  /** Each event as an email item: its link opens the video at the comment and its moment. */
  async function itemsOf(tx: Db, events: (typeof emailEvents.$inferSelect)[]) {
    const commentIds = events.flatMap((e) => (e.commentId ? [e.commentId] : []));
    const moments = new Map<string, number | null>();
    if (commentIds.length) {
      const rows = await tx
        .select({ id: comments.id, frame: comments.frame, rate: commentFrameRateSql })
        .from(comments)
        .where(inArray(comments.id, commentIds));
      // The note's time (issue 43), in whole seconds for the link's `t=`.
      for (const r of rows) {
        moments.set(r.id, r.frame === null ? null : Math.floor(frameToSeconds(r.frame, r.rate)));
      }
    }
    return events.map((e): EmailItem => ({
      kind: e.kind as EmailKind,
      title: e.title,
      message: e.message,
      link:
        base +
        notificationHref({
          videoId: e.videoId,
          commentId: e.commentId,
          at: e.commentId ? moments.get(e.commentId) : null,
        }),
    }));
  }

  /**
   * Claims events (rows another instance holds are skipped, not waited for), with their
   * recipients' settings and their email items, in the caller's transaction.
   */
  async function claimEvents(tx: Db, where: SQL | undefined, order: SQL[], limit: number) {
    const events = await tx
      .select()
      .from(emailEvents)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .for('update', { skipLocked: true });
    const people = await recipients(
      tx,
      events.map((e) => e.recipientId),
    );
    return { events, people, items: await itemsOf(tx, events) };
  }

  /** New events: at once into the outbox, into the digest, or dropped, as each user chose. */
  async function routeEvents(now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const { events, people, items } = await claimEvents(
        tx,
        eq(emailEvents.state, 'new'),
        [asc(emailEvents.createdAt)],
        BATCH,
      );
      const drop: string[] = [];
      let composed = 0;
      for (const [i, event] of events.entries()) {
        const person = people.get(event.recipientId);
        const mode =
          person?.settings.address && isEmailKind(event.kind)
            ? person.settings.modes[event.kind]
            : 'off';
        if (mode === 'digest') {
          const { digest, timeZone } = person!.settings;
          await tx
            .update(emailEvents)
            .set({ state: 'digest', dueAt: nextDigestAt(now, digest, timeZone) })
            .where(eq(emailEvents.id, event.id));
          continue;
        }
        drop.push(event.id);
        if (mode === 'now') {
          const item = items[i]!;
          const url = unsubscribeUrl(await createUnsubscribeToken(tx, person!.id, item.kind));
          const email = renderEmail(item, url);
          await tx.insert(emailOutbox).values({
            recipientId: person!.id,
            toAddress: person!.settings.address,
            kind: item.kind,
            subject: email.subject,
            textBody: email.text,
            htmlBody: email.html,
            unsubscribeUrl: url,
            nextAttemptAt: now,
          });
          composed++;
        }
      }
      if (drop.length) await tx.delete(emailEvents).where(inArray(emailEvents.id, drop));
      return composed;
    });
  }

  /** Digests that are due: one email per user with every waiting event, oldest first. */
  async function sendDigests(now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const { events, people, items } = await claimEvents(
        tx,
        and(eq(emailEvents.state, 'digest'), lte(emailEvents.dueAt, now)),
        [asc(emailEvents.recipientId), asc(emailEvents.createdAt)],
        BATCH * 20,
      );
      if (!events.length) return 0;
      const byPerson = new Map<string, EmailItem[]>();
      for (const [i, event] of events.entries()) {
        const person = people.get(event.recipientId);
        const item = items[i]!;
        // A kind turned off since it was noted is left out.
        if (!person?.settings.address || person.settings.modes[item.kind] === 'off') continue;
        byPerson.set(person.id, [...(byPerson.get(person.id) ?? []), item]);
      }
      for (const [id, list] of byPerson) {
        const person = people.get(id)!;
        const url = unsubscribeUrl(await createUnsubscribeToken(tx, id, 'digest'));
        const email = renderDigest(list, person.settings.digest, url);
        await tx.insert(emailOutbox).values({
          recipientId: id,
          toAddress: person.settings.address,
          kind: 'digest',
          subject: email.subject,
          textBody: email.text,
          htmlBody: email.html,
          unsubscribeUrl: url,
          nextAttemptAt: now,
        });
      }
      await tx.delete(emailEvents).where(
        inArray(
          emailEvents.id,
          events.map((e) => e.id),
        ),
      );
      return byPerson.size;
    });
  }

  /** Claims due messages (and ones whose lease ran out) for this worker, under a new lease. */
  async function claim(now: Date) {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: emailOutbox.id })
        .from(emailOutbox)
        .where(
          or(
            and(eq(emailOutbox.status, 'pending'), lte(emailOutbox.nextAttemptAt, now)),
            and(
              eq(emailOutbox.status, 'sending'),
              isNotNull(emailOutbox.leaseUntil),
              lt(emailOutbox.leaseUntil, now),
            ),
          ),
        )
        .orderBy(asc(emailOutbox.nextAttemptAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (!due.length) return [];
      return tx
        .update(emailOutbox)
        .set({
          status: 'sending',
          attempts: sql`${emailOutbox.attempts} + 1`,
          leaseUntil: new Date(now.getTime() + LEASE_MS),
          worker: workerId,
        })
        .where(
          inArray(
            emailOutbox.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  }

  async function deliver(now: Date) {
    const result = { sent: 0, failed: 0 };
    if (!transport) return result;
    for (const message of await claim(now)) {
      const mine = and(eq(emailOutbox.id, message.id), eq(emailOutbox.worker, workerId));
      try {
        await transport.sendMail({
          from: mail.from,
          to: message.toAddress,
          subject: message.subject,
          text: message.textBody,
          html: message.htmlBody,
          // A message that is not a notification (an invoice) has no unsubscribe link.
          headers: message.unsubscribeUrl
            ? {
                'List-Unsubscribe': `<${message.unsubscribeUrl}>`,
                'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
              }
            : {},
          attachments:
            message.attachment && message.attachmentName
              ? [
                  {
                    filename: message.attachmentName,
                    content: Buffer.from(message.attachment),
                    contentType: message.attachmentType ?? 'application/octet-stream',
                  },
                ]
              : [],
        });
        await db
          .update(emailOutbox)
          .set({ status: 'sent', sentAt: new Date(), leaseUntil: null, lastError: null })
          .where(mine);
        result.sent++;
      } catch (err) {
        const error = (err as Error).message || String(err);
        const last = message.attempts >= EMAIL_MAX_ATTEMPTS;
        await db
          .update(emailOutbox)
          .set({
            status: last ? 'failed' : 'pending',
            leaseUntil: null,
            lastError: error.slice(0, 1000),
            nextAttemptAt: new Date(now.getTime() + retryDelayMs(message.attempts)),
          })
          .where(mine);
        if (last) {
          result.failed++;
          log.warn({ outboxId: message.id, err }, 'email not delivered; gave up');
        }
      }
    }
    return result;
  }

  /**
   * Deletes messages sent more than OUTBOX_KEEP_SENT_DAYS before `now`; failed and waiting ones
   * stay. A message is written before it is sent, so `created_at` before the cutoff is implied:
   * saying so lets the search walk email_outbox_created_idx over the old rows only.
   */
  async function pruneSent(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - OUTBOX_KEEP_SENT_DAYS * DAY_MS);
    const old = db
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          lt(emailOutbox.createdAt, cutoff),
          eq(emailOutbox.status, 'sent'),
          lt(emailOutbox.sentAt, cutoff),
        ),
      )
      .limit(PRUNE_BATCH);
    const gone = await db
      .delete(emailOutbox)
      .where(inArray(emailOutbox.id, old))
      .returning({ id: emailOutbox.id });
    return gone.length;
  }

  async function work(now = new Date()): Promise<WorkResult> {
    const composed = (await routeEvents(now)) + (await sendDigests(now));
    const delivered = await deliver(now);
    return { composed, ...delivered, pruned: await pruneSent(now) };
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  function tick() {
    running = work()
      .catch((err: unknown) => log.warn({ err }, 'email worker pass failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, mail.pollMs ?? 5000);
      });
  }

  return {
    delivering: transport !== null,
    work,
    start() {
      if (!timer && !running) timer = setTimeout(tick, mail.pollMs ?? 5000);
    },
    async close() {
      stopped = true;
      clearTimeout(timer);
      await running;
      transport?.close();
    },
  };
}
