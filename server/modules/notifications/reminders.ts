import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_REVIEW_REMINDER_DAYS, REMINDER_SWEEP_MS, reminderDays } from '@domain/client-turn';
import { DAY_MS } from '@domain/day-counter';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { agencySettings, reviewRounds, videos } from '../../db/schema';
import type { Notifier } from './notifier';

/**
 * Review reminders (issue 41; docs/rules.md "Notifications"): a video waiting in review for its
 * client side is reminded on each of the agency's reminder days (agency_settings, 3 and 7 unless
 * the king says otherwise) counted from its open round's start, never twice within a day, never
 * after the decision (the round is closed then). A loop in each server process sweeps every
 * REMINDER_SWEEP_MS; instances sharing PostgreSQL never both send one: the round's row is claimed
 * by a conditional UPDATE … RETURNING, which a second instance finds no longer matching.
 */

/** The agency's reminder days, in order (the default when its row is missing). */
export async function readReminderDays(db: Db): Promise<number[]> {
  const [row] = await db
    .select({ days: agencySettings.reviewReminderDays })
    .from(agencySettings)
    .limit(1);
  return reminderDays(row?.days ?? [...DEFAULT_REVIEW_REMINDER_DAYS]);
}

export async function saveReminderDays(db: Db, days: readonly number[]): Promise<number[]> {
  const sorted = reminderDays(days);
  await db
    .insert(agencySettings)
    .values({ id: true, reviewReminderDays: sorted })
    .onConflictDoUpdate({ target: agencySettings.id, set: { reviewReminderDays: sorted } });
  return sorted;
}

interface Claimed {
  video_id: string;
  name: string;
  user_id: string;
  current_version: number;
  sent_at: string | Date;
}

/**
 * One sweep at `now`: claims every open round that is due its next reminder and tells each
 * video's client side, in one transaction. Answers how many videos were reminded.
 */
export async function sendReviewReminders(
  db: Db,
  notifier: Notifier,
  now = new Date(),
): Promise<number> {
  const days = await readReminderDays(db);
  if (!days.length) return 0;
  const daysArray = `{${days.join(',')}}`;
  const dayAgo = new Date(now.getTime() - DAY_MS);
  return notifier.transaction(async (tx, notify) => {
    // The n-th reminder is due `days[n]` days after the round began; the round is the video's
    // open one (decided_at null) while it is still in review.
    const claimed = rowsOf<Claimed>(
      await tx.execute(sql`
        update ${reviewRounds} r
        set reminders_sent = r.reminders_sent + 1, reminded_at = ${now.toISOString()}::timestamptz
        from ${videos} v
        where v.id = r.video_id
          and v.status = 'review'
          and r.decided_at is null
          and r.number = v.rounds
          and r.reminders_sent < cardinality(${daysArray}::int[])
          and r.sent_at <= ${now.toISOString()}::timestamptz
            - make_interval(days => (${daysArray}::int[])[r.reminders_sent + 1])
          and (r.reminded_at is null or r.reminded_at <= ${dayAgo.toISOString()}::timestamptz)
        returning v.id as video_id, v.name, v.user_id, v.current_version, r.sent_at`),
    );
    for (const row of claimed) {
      const waited = Math.floor((now.getTime() - new Date(row.sent_at).getTime()) / DAY_MS);
      await notify.reviewReminder(
        {
          id: row.video_id,
          name: row.name,
          userId: row.user_id,
          currentVersion: Number(row.current_version),
        },
        waited,
      );
    }
    return claimed.length;
  });
}

export interface ReviewReminders {
  /** One sweep at `now` (the loop's tick; tests call it with a time of their own). */
  sweep(now?: Date): Promise<number>;
  start(): void;
  close(): Promise<void>;
}

export function createReviewReminders(
  db: Db,
  notifier: Notifier,
  log: FastifyBaseLogger,
  everyMs = REMINDER_SWEEP_MS,
): ReviewReminders {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = false;
  const sweep = (now?: Date) => sendReviewReminders(db, notifier, now);
  function tick() {
    running = sweep()
      .catch((err: unknown) => log.warn({ err }, 'review reminder sweep failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, everyMs);
      });
  }
  return {
    sweep,
    start() {
      if (!timer && !running) timer = setTimeout(tick, everyMs);
    },
    async close() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's review reminder sweep (its loop runs only when started: main.ts). */
    reviewReminders: ReviewReminders;
  }
}

/** Decorates the app with the reminder sweep, closed with the app; needs the notifier. */
export const reviewReminders = fp(
  async (app: FastifyInstance, opts: { db: Db; loop: boolean }) => {
    const sweeper = createReviewReminders(opts.db, app.notifier, app.log);
    app.decorate('reviewReminders', sweeper);
    if (opts.loop) app.addHook('onReady', async () => sweeper.start());
    app.addHook('onClose', async () => sweeper.close());
  },
  { name: 'review-reminders', dependencies: ['notifier'] },
);
