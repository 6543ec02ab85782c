import { z } from 'zod';

/**
 * The client's turn (issue 41, part 6): a video in review waits for its client side, who is told
 * when it arrives and reminded while it waits; the agency does not decide in the client's place
 * except a manager who says so. The server (server/modules/notifications/reminders.ts, the
 * status route) and the web app (the king's setting, the detail dialog) read these.
 */

/** The reminder days the agency starts with (agency_settings.review_reminder_days' default). */
export const DEFAULT_REVIEW_REMINDER_DAYS = [3, 7] as const;
/** At most this many reminders per round, each on a day from 1 to MAX_REMINDER_DAY. */
export const MAX_REMINDERS = 5;
export const MAX_REMINDER_DAY = 60;

/** How often each server process looks for videos to remind of (a reminder is once a day at most). */
export const REMINDER_SWEEP_MS = 15 * 60_000;

export const CLIENT_TURN_MESSAGES = {
  reminderDays: `Reminder days are whole days from 1 to ${MAX_REMINDER_DAY}, at most ${MAX_REMINDERS}, each once`,
  kingOnly: 'Only the king changes when clients are reminded',
  saved: 'Review reminders saved',
} as const;

/** GET and PUT /api/admin/review-reminders: the days after a round's start a client is reminded. */
export const reviewRemindersSchema = z.object({
  days: z
    .array(
      z
        .number({ error: CLIENT_TURN_MESSAGES.reminderDays })
        .int({ error: CLIENT_TURN_MESSAGES.reminderDays })
        .min(1, { error: CLIENT_TURN_MESSAGES.reminderDays })
        .max(MAX_REMINDER_DAY, { error: CLIENT_TURN_MESSAGES.reminderDays }),
      { error: CLIENT_TURN_MESSAGES.reminderDays },
    )
    .max(MAX_REMINDERS, { error: CLIENT_TURN_MESSAGES.reminderDays })
    .refine((days) => new Set(days).size === days.length, {
      error: CLIENT_TURN_MESSAGES.reminderDays,
    }),
});
export type ReviewReminders = z.infer<typeof reviewRemindersSchema>;

/** The days in order, as the sweep reads them: the n-th reminder is due on the n-th day. */
export const reminderDays = (days: readonly number[]): number[] =>
  [...new Set(days)].filter((d) => Number.isInteger(d) && d > 0).sort((a, b) => a - b);

/**
 * The day after which a client still waiting in review has had every reminder: the last reminder
 * day (7 unless the king says otherwise; the default's when the king set none).
 */
export const lastReminderDay = (days: readonly number[]): number =>
  reminderDays(days).at(-1) ?? DEFAULT_REVIEW_REMINDER_DAYS.at(-1)!;
