import { z } from 'zod';
import { quotedVideoName, type NotificationType } from './notifications';
import { normalizeRole } from './roles';

/**
 * Email notifications (issue 19; docs/rules.md "Email"): what each user gets by email and when,
 * the settings body, the digest's timing and the messages' texts. The server's worker
 * (server/modules/email) and the profile screen both read these.
 */

/**
 * The kinds a user chooses for, in the order the profile lists them: each notification type
 * (domain/email.test.ts checks none is missing), and "posted" apart from other moves.
 */
export const EMAIL_KINDS = [
  'mention',
  'changes_requested',
  'review_requested',
  'delivery_ready',
  'posted',
  'reply',
  'comment',
  'status_change',
  'editor_assigned',
  'new_video',
  'client_assigned',
  'client_unassigned',
  'video_overdue',
] as const satisfies readonly (NotificationType | 'posted')[];
export type EmailKind = (typeof EMAIL_KINDS)[number];
export const isEmailKind = (value: string): value is EmailKind =>
  (EMAIL_KINDS as readonly string[]).includes(value);

export const EMAIL_KIND_LABELS: Record<EmailKind, string> = {
  mention: 'Someone mentions you',
  changes_requested: 'Changes are requested',
  review_requested: 'A video is ready for review',
  delivery_ready: 'A paid video’s delivery is available',
  posted: 'A video is posted',
  reply: 'Someone replies in a thread you are in',
  comment: 'New comments',
  status_change: 'Other status changes',
  editor_assigned: 'You are made a video’s editor',
  new_video: 'New videos of your clients',
  client_assigned: 'You are assigned to a client',
  client_unassigned: 'You are removed from a client',
  video_overdue: 'A video is overdue',
};

/** At once, gathered into the digest, or never. */
export const EMAIL_MODES = ['now', 'digest', 'off'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];
export const EMAIL_MODE_LABELS: Record<EmailMode, string> = {
  now: 'At once',
  digest: 'In the digest',
  off: 'Off',
};

export const DIGEST_FREQUENCIES = ['hourly', 'daily'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
/** The daily digest goes out at this hour of the user's own day. */
export const DAILY_DIGEST_HOUR = 8;

/** Kinds that go out at once unless the user says otherwise. */
const AT_ONCE: readonly EmailKind[] = ['mention', 'changes_requested'];
/**
 * A client's inbox stays quiet: only these reach it unless they choose more (a reply in a thread
 * it is in answers its own note, issue 45 part 4).
 */
const CLIENT_KINDS: readonly EmailKind[] = [
  'mention',
  'review_requested',
  'delivery_ready',
  'posted',
  'reply',
];
/**
 * What goes to the client side at once besides AT_ONCE: a video ready for its review is the
 * client's turn (issue 41), so it hears at once, not in tomorrow's digest.
 */
const CLIENT_AT_ONCE: readonly EmailKind[] = ['review_requested', 'delivery_ready'];

/** What a user gets for `kind` without a choice of their own. */
export function defaultEmailMode(kind: EmailKind, role: string): EmailMode {
  const clientSide = ['client', 'client_team_lead'].includes(normalizeRole(role));
  if (clientSide && !CLIENT_KINDS.includes(kind)) return 'off';
  if (clientSide && CLIENT_AT_ONCE.includes(kind)) return 'now';
  return AT_ONCE.includes(kind) ? 'now' : 'digest';
}

/** Every kind's mode for a user: their choices over the defaults of their role. */
export function emailModes(
  role: string,
  choices: Record<string, string>,
): Record<EmailKind, EmailMode> {
  const modes = {} as Record<EmailKind, EmailMode>;
  for (const kind of EMAIL_KINDS) {
    const chosen = choices[kind];
    modes[kind] = (EMAIL_MODES as readonly string[]).includes(chosen ?? '')
      ? (chosen as EmailMode)
      : defaultEmailMode(kind, role);
  }
  return modes;
}

/** Only what differs from the defaults is stored, so a changed default reaches everyone else. */
export function storedChoices(
  role: string,
  modes: Partial<Record<EmailKind, EmailMode>>,
): Record<string, EmailMode> {
  const stored: Record<string, EmailMode> = {};
  for (const kind of EMAIL_KINDS) {
    const mode = modes[kind];
    if (mode && mode !== defaultEmailMode(kind, role)) stored[kind] = mode;
  }
  return stored;
}

/** The email kind of a notification: a move to posted is its own kind. */
export const emailKindOf = (type: NotificationType, newStatus?: string): EmailKind =>
  type === 'status_change' && newStatus === 'posted' ? 'posted' : type;

export const isTimeZone = (zone: string): boolean => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/** How long an email's unsubscribe link works (issue 37); it also works only once. */
export const UNSUBSCRIBE_LINK_DAYS = 90;

/**
 * The version of the choice an unsubscribe link turns off, from the counts of changes of each
 * kind's mode: a kind's own count, or for the digest's link (every kind in the digest) their
 * sum, which any change moves. A link made at one version does nothing at another.
 */
export function choiceVersionOf(
  versions: Readonly<Record<string, number>>,
  kind: EmailKind | 'digest',
): number {
  if (kind !== 'digest') return versions[kind] ?? 0;
  return EMAIL_KINDS.reduce((sum, k) => sum + (versions[k] ?? 0), 0);
}

/** Why an unsubscribe link does nothing (null: it may make its change). */
export type UnsubscribeRefusal = 'invalid' | 'used' | 'expired' | 'changed';

export const EMAIL_MESSAGES = {
  address: 'Enter a valid email address, or leave it empty for no email',
  timeZone: 'Choose a time zone from the list',
  unsubscribeInvalid: 'This unsubscribe link is not valid (it may be from an old email)',
  unsubscribeUsed:
    'This unsubscribe link has already been used. Your profile settings show and change what you receive.',
  unsubscribeChanged:
    'You have changed this email choice since this email was sent, so its unsubscribe link no longer applies. Your profile settings show and change what you receive.',
  unsubscribeExpired: `This unsubscribe link has expired (links last ${UNSUBSCRIBE_LINK_DAYS} days). Your profile settings show and change what you receive.`,
  kingOnly: 'Only the king can see the email outbox',
} as const;

const modeSchema = z.enum(EMAIL_MODES);

/** The profile's email settings, as read and as saved (every kind's mode, defaults filled in). */
export const emailSettingsSchema = z.object({
  address: z.union([z.literal(''), z.email({ message: EMAIL_MESSAGES.address }).max(254)]),
  digest: z.enum(DIGEST_FREQUENCIES),
  timeZone: z.string().min(1).max(64).refine(isTimeZone, { message: EMAIL_MESSAGES.timeZone }),
  modes: z.object(
    Object.fromEntries(EMAIL_KINDS.map((k) => [k, modeSchema])) as Record<
      EmailKind,
      typeof modeSchema
    >,
  ),
});
export type EmailSettings = z.infer<typeof emailSettingsSchema>;

export const unsubscribeQuery = z.object({
  token: z.string().regex(/^[\w-]{16,100}$/, { message: EMAIL_MESSAGES.unsubscribeInvalid }),
});

/** The unsubscribe link's answer: a small HTML page (no app, no script). */
export const unsubscribePage = {
  description: 'A small HTML page: the question (GET) or that it is done (POST)',
  content: {
    'text/html': { schema: z.unknown().meta({ type: 'string', description: 'The page' }) },
  },
};

/** An unsubscribe link that does nothing: a small HTML page saying why (404 unknown, 410 spent). */
export const unsubscribeRefusedPage = {
  description:
    'A small HTML page saying why the link does nothing: unknown (404), or used, expired or ' +
    'sent before the choice last changed (410)',
  content: {
    'text/html': { schema: z.unknown().meta({ type: 'string', description: 'The page' }) },
  },
};

export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export const outboxMessageSchema = z.object({
  id: z.string(),
  toAddress: z.string(),
  kind: z.string(),
  subject: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string(),
  textBody: z.string(),
});
export const outboxSchema = z.object({
  /** False without SMTP_URL: messages are kept here and not sent. */
  delivering: z.boolean(),
  messages: z.array(outboxMessageSchema),
});
export type OutboxView = z.infer<typeof outboxSchema>;
export const OUTBOX_LIST_LIMIT = 200;

// --- Timing ----------------------------------------------------------------------------------

/** The wall-clock parts of `at` in `zone`. */
function partsIn(at: Date, zone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** The instant the wall clock in `zone` reads the given day at `hour`:00. */
function instantAt(zone: string, year: number, month: number, day: number, hour: number) {
  const wanted = Date.UTC(year, month - 1, day, hour);
  let guess = wanted;
  // Two passes settle the zone's offset (also across a daylight-saving change).
  for (let i = 0; i < 2; i++) {
    const p = partsIn(new Date(guess), zone);
    const shown = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    guess += wanted - shown;
  }
  return new Date(guess);
}

/**
 * When a digest event noted at `now` goes out: the next full hour (hourly), or the next
 * DAILY_DIGEST_HOUR o'clock of the user's own day (daily).
 */
export function nextDigestAt(now: Date, frequency: DigestFrequency, zone: string): Date {
  if (frequency === 'hourly') {
    return new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 + 3_600_000);
  }
  const p = partsIn(now, zone);
  const today = instantAt(zone, p.year, p.month, p.day, DAILY_DIGEST_HOUR);
  if (today > now) return today;
  const tomorrow = new Date(Date.UTC(p.year, p.month - 1, p.day + 1));
  return instantAt(
    zone,
    tomorrow.getUTCFullYear(),
    tomorrow.getUTCMonth() + 1,
    tomorrow.getUTCDate(),
    DAILY_DIGEST_HOUR,
  );
}

/** Retries of a failed send: the wait before attempt n+1 after n failures, then give up. */
export const EMAIL_MAX_ATTEMPTS = 5;
export const retryDelayMs = (failures: number): number => 60_000 * 4 ** (failures - 1);

/**
 * How long a sent message stays in the outbox (counted from its sending); then the worker
 * deletes it. Failed and waiting messages stay until someone deals with them.
 */
export const OUTBOX_KEEP_SENT_DAYS = 30;

// --- Texts -----------------------------------------------------------------------------------

export interface EmailItem {
  kind: EmailKind;
  title: string;
  message: string;
  /** Absolute link to the video (at the comment and moment), or to the app. */
  link: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (s: string) =>
  s
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');

const APP_NAME = 'Video workflow';

function page(body: string, unsubscribeUrl: string, unsubscribeWhat: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${APP_NAME}</title></head>
<body style="margin:0;padding:24px 12px;background:#f1f3f5;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#212529">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;border:1px solid #dee2e6">
<tr><td style="padding:24px">
<p style="margin:0 0 16px;font-size:13px;color:#868e96">${APP_NAME}</p>
${body}
</td></tr></table>
<p style="font-size:12px;color:#868e96;max-width:560px;margin:16px auto 0">You get this because of your email settings.
<a href="${escapeHtml(unsubscribeUrl)}" style="color:#868e96">Unsubscribe from ${escapeHtml(unsubscribeWhat)}</a>.</p>
</td></tr></table>
</body></html>`;
}

const button = (link: string, label: string) =>
  `<p style="margin:20px 0 0"><a href="${escapeHtml(link)}" style="display:inline-block;background:#228be6;color:#ffffff;text-decoration:none;font-weight:600;padding:10px 18px;border-radius:6px">${escapeHtml(label)}</a></p>`;

const buttonLabel = (item: EmailItem) =>
  quotedVideoName(item.message) ? 'Open the video' : 'Open the app';

/** Control characters (CR, LF, tab, NEL, …) and the Unicode line and paragraph separators. */
const LINE_BREAKING = /[\p{Cc}\p{Zl}\p{Zp}]+/gu;

/**
 * An item whose title and message are one line each: a video name kept from before names were
 * one line (or any text quoted into a message) cannot start a line of its own in the plain-text
 * body, where it would read like a forged 'Bcc:' or 'Subject:' header, nor break the subject.
 */
const oneLineItem = (item: EmailItem): EmailItem => ({
  ...item,
  title: item.title.replace(LINE_BREAKING, ' '),
  message: item.message.replace(LINE_BREAKING, ' '),
});

/** One notification, sent at once. */
export function renderEmail(sent: EmailItem, unsubscribeUrl: string): RenderedEmail {
  const item = oneLineItem(sent);
  const video = quotedVideoName(item.message);
  const what = EMAIL_KIND_LABELS[item.kind].toLowerCase();
  const subject = video ? `${item.title}: ${video}` : item.title;
  const text = [
    item.title,
    '',
    item.message,
    '',
    `${buttonLabel(item)}: ${item.link}`,
    '',
    '--',
    `Unsubscribe from these emails (${what}): ${unsubscribeUrl}`,
  ].join('\n');
  const html = page(
    `<h1 style="margin:0 0 8px;font-size:20px">${escapeHtml(item.title)}</h1>
<p style="margin:0;font-size:15px;line-height:1.5">${escapeHtml(item.message)}</p>
${button(item.link, buttonLabel(item))}`,
    unsubscribeUrl,
    `“${what}” emails`,
  );
  return { subject, text, html };
}

/** The digest: every waiting notification of one user in one email, oldest first. */
export function renderDigest(
  sent: EmailItem[],
  frequency: DigestFrequency,
  unsubscribeUrl: string,
): RenderedEmail {
  const items = sent.map(oneLineItem);
  const count = `${items.length} ${items.length === 1 ? 'update' : 'updates'}`;
  const subject = `Your ${frequency} digest: ${count}`;
  const text = [
    `Your ${frequency} digest: ${count}`,
    '',
    ...items.flatMap((item) => [`* ${item.message}`, `  ${item.link}`]),
    '',
    '--',
    `Unsubscribe from the digest: ${unsubscribeUrl}`,
  ].join('\n');
  const rows = items
    .map(
      (item) =>
        `<tr><td style="padding:10px 0;border-top:1px solid #e9ecef;font-size:15px;line-height:1.5">
<strong>${escapeHtml(item.title)}</strong><br>${escapeHtml(item.message)}<br>
<a href="${escapeHtml(item.link)}" style="color:#1c7ed6">${buttonLabel(item)}</a></td></tr>`,
    )
    .join('\n');
  const html = page(
    `<h1 style="margin:0 0 12px;font-size:20px">Your ${frequency} digest: ${count}</h1>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0">${rows}</table>`,
    unsubscribeUrl,
    'the digest',
  );
  return { subject, text, html };
}
