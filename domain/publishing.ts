import { z } from 'zod';
import { DATE_RANGE_MESSAGE, yearInRange } from './dates';
import { isValidVideoLink, normalizeWebLink } from './links';
import { DAY_MS } from './day-counter';

/**
 * Posting as a step (issue 18): marking a video posted asks, optionally, where it went out (the
 * published URL) and on which day (a calendar day, 'YYYY-MM-DD', today unless the person picks
 * another). The rules:
 * - Only the agency side and managers give them, on the move to posted (PATCH
 *   /api/videos/{id}/status) or afterwards in the detail dialog (PATCH /api/videos/{id}) while
 *   the video is posted; the client side cannot mark a video posted, so it cannot set them.
 * - A video that becomes posted without a day gets today's (UTC); a URL is never invented.
 * - Moving away from posted KEEPS them: a video sent back to Ready to Post by mistake keeps its
 *   record, and marking it posted again offers them pre-filled. They are shown (card, invoice)
 *   only while the video is posted.
 */
export const PUBLISHING_MESSAGES = {
  urlInvalid: 'Published URL must be a web address starting with http:// or https://',
  dayInvalid: 'Published date must be a date like 2026-05-31',
  dayInFuture: 'Published date cannot be in the future',
  onlyWhenPosted: 'A published URL and date go with a posted video only',
  clientSide: 'Only the agency marks videos posted and records where they were published',
} as const;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of an instant in UTC: the server's today. */
export const utcDay = (now: Date): string =>
  `${now.getUTCFullYear()}-${pad(now.getUTCMonth() + 1)}-${pad(now.getUTCDate())}`;

/** True for a real calendar day written 'YYYY-MM-DD' (no 2026-02-30). */
export function isCalendarDay(text: string): boolean {
  const m = DAY.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return utcDay(d) === text;
}

/**
 * The latest day the server takes as "not in the future": tomorrow in UTC, since the person's
 * today runs up to 14 hours ahead of UTC. The dialog itself refuses any day after its own today
 * (publishDayRefusal with the browser's day).
 */
export function latestPublishDay(now: Date): string {
  const next = new Date(now.getTime() + DAY_MS);
  return utcDay(next);
}

/** Why `day` cannot be a published date when the latest allowed day is `latest`; else null. */
export function publishDayRefusal(day: string, latest: string): string | null {
  if (!isCalendarDay(day)) return PUBLISHING_MESSAGES.dayInvalid;
  if (!yearInRange(day)) return DATE_RANGE_MESSAGE;
  return day > latest ? PUBLISHING_MESSAGES.dayInFuture : null;
}

/** A web address as a body carries it: any http(s) address, https added when left out. */
export const webAddressField = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(2000, { error: message, abort: true })
    .refine(isValidVideoLink, message)
    .transform(normalizeWebLink);

/** The published URL as a body carries it (webAddressField). */
export const publishedUrlField = webAddressField(PUBLISHING_MESSAGES.urlInvalid);

/** The published day as a body carries it, checked against the clock when it is parsed. */
export const publishedAtField = z
  .string({ error: PUBLISHING_MESSAGES.dayInvalid })
  .trim()
  .superRefine((day, ctx) => {
    const refusal = publishDayRefusal(day, latestPublishDay(new Date()));
    if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
  });

/** The two fields of a move to posted (both optional). */
export const publishingFields = {
  publishedUrl: publishedUrlField.optional(),
  publishedAt: publishedAtField.optional(),
};

/** A field of the detail dialog's edit: '' or null clears it. */
const clearable = <T extends z.ZodType<unknown, string>>(field: T, message: string) =>
  z
    .string({ error: message })
    .nullable()
    .transform((v) => v?.trim() || null)
    .pipe(field.nullable())
    .optional();

/** The detail dialog's edit of them afterwards: '' or null clears a field. */
export const publishingEditFields = {
  publishedUrl: clearable(publishedUrlField, PUBLISHING_MESSAGES.urlInvalid),
  publishedAt: clearable(publishedAtField, PUBLISHING_MESSAGES.dayInvalid),
};

/** "Posted 24 Nov 2026": the card's and the invoice's words for a published day. */
export function formatPublishedDay(day: string): string {
  const m = DAY.exec(day);
  if (!m) return day;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The "Mark as posted" dialog as its inputs hold it: both fields may stay empty. */
export type MarkPostedValues = { publishedUrl: string; publishedAt: string };

/**
 * The "Mark as posted" dialog's check, by the body's rules; `today` is the browser's day
 * ('YYYY-MM-DD'), the latest a person can have published on.
 */
export function markPostedForm(today: string) {
  return z.object({ publishedUrl: z.string(), publishedAt: z.string() }).superRefine((v, ctx) => {
    if (v.publishedUrl.trim()) {
      const url = publishedUrlField.safeParse(v.publishedUrl);
      if (!url.success) {
        ctx.addIssue({
          code: 'custom',
          path: ['publishedUrl'],
          message: url.error.issues[0]!.message,
        });
      }
    }
    const refusal = v.publishedAt ? publishDayRefusal(v.publishedAt, today) : null;
    if (refusal) ctx.addIssue({ code: 'custom', path: ['publishedAt'], message: refusal });
  });
}

/** What the dialog sends: the fields given, the URL as the body would keep it. */
export function markPostedBody(v: MarkPostedValues): {
  publishedUrl?: string;
  publishedAt?: string;
} {
  const url = v.publishedUrl.trim();
  return {
    ...(url && { publishedUrl: normalizeWebLink(url) }),
    ...(v.publishedAt && { publishedAt: v.publishedAt }),
  };
}
