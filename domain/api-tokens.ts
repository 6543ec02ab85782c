import { z } from 'zod';

/**
 * Personal API tokens and the private calendar feed (issue 46, items 3 and 4;
 * docs/rules.md#api-tokens-and-the-calendar-feed): the contract shared by the server and the web
 * app. A token acts as its user, with exactly the user's permissions, through
 * `Authorization: Bearer`; it never opens the web app, the socket or the credential routes
 * (`sessionOnly`: its own, the feed's, the password's, two-factor's). The feed is a secret
 * address a calendar app subscribes to: the due dates of the videos the user may read.
 */

/** What every token starts with, so a leaked one is recognised (secret scanners, logs). */
export const API_TOKEN_PREFIX = 'vwt_';
/** What every calendar feed address's secret starts with. */
export const CALENDAR_FEED_PREFIX = 'vwcal_';
/**
 * A token or feed secret as issued: the prefix and 32 random bytes in base64url (43 characters).
 * Anything else is refused without a look-up.
 */
export const API_TOKEN_SHAPE = /^vwt_[A-Za-z0-9_-]{43}$/;
export const CALENDAR_FEED_SHAPE = /^vwcal_[A-Za-z0-9_-]{43}$/;

/** How long a new token lasts, in days: the form's choices (a token always ends). */
export const API_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;
export const DEFAULT_API_TOKEN_EXPIRY_DAYS = 30;
export const API_TOKEN_EXPIRY_LABELS: Record<(typeof API_TOKEN_EXPIRY_DAYS)[number], string> = {
  7: '7 days',
  30: '30 days',
  90: '90 days',
  365: '1 year',
};
export const API_TOKEN_NAME_MAX = 60;
/** Live (not revoked, not expired) tokens one user may hold at once. */
export const API_TOKENS_MAX = 20;

/** The feed's due dates: from this many days back to this many ahead of the request. */
export const CALENDAR_FEED_DAYS = { past: 90, ahead: 365 } as const;
/** At most this many videos in one feed, the soonest due first after the window's start. */
export const CALENDAR_FEED_MAX_EVENTS = 2000;

export const API_TOKEN_MESSAGES = {
  /** 401 for a bearer token that is malformed, unknown, revoked or expired (never which). */
  invalid: 'This API token is not valid: it may be mistyped, revoked or expired',
  /** 403 for a token on a route only a signed-in session may call. */
  sessionOnly: 'API tokens cannot be used here: sign in to the web app',
  nameMissing: 'Please name the token',
  nameLong: `A token name is at most ${API_TOKEN_NAME_MAX} characters`,
  expiry: `Expiry must be one of ${API_TOKEN_EXPIRY_DAYS.join(', ')} days`,
  tooMany: `You have ${API_TOKENS_MAX} live tokens: revoke one first`,
  notFound: 'API token not found',
  revoked: (name: string) => `Token “${name}” revoked: it no longer works`,
  created: (name: string) => `Token “${name}” created`,
  copyNow: 'Copy the token now: it is shown only this once.',
  createFailed: 'Could not create the token',
  revokeFailed: 'Could not revoke the token',
  loadFailed: 'Could not load your API tokens',
  none: 'No API tokens yet. Create one to call the API from a script.',
  about:
    'Scripts and tools send a token in the header “Authorization: Bearer <token>”. A token can do what you can, until it expires or you revoke it; it never opens the web app.',
  revokeTitle: 'Revoke token',
  revokeConfirm: (name: string) =>
    `Revoke “${name}”? Anything using it stops working at once. This cannot be undone: you would create a new token instead.`,
  undoCreate: 'Undo: revoke it',
  undone: (name: string) => `Token “${name}” revoked again`,
} as const;

export const CALENDAR_FEED_MESSAGES = {
  /** 404 for a feed address that is malformed, unknown or replaced (never which). */
  notFound: 'This calendar feed address does not exist: it may have been reset',
  tooMany: 'Too many requests for this calendar feed. Please wait a minute.',
  made: 'Your new calendar feed address is ready: copy it into your calendar app',
  reset: 'Calendar feed address reset: the old address no longer works',
  turnedOff: 'Calendar feed turned off',
  failed: 'Could not change the calendar feed',
  loadFailed: 'Could not load your calendar feed',
  shownOnce: 'The address is shown only when it is made. To subscribe again, reset it.',
  none: 'No calendar feed yet. Make an address to see your due dates in a calendar app.',
  about:
    'A private address your calendar app subscribes to: the due date, status and link of every video you may see. Anyone with the address can read it, so keep it to yourself.',
  howTo: 'Paste it into your calendar app as a calendar “from URL” / “by subscription”.',
  resetTitle: 'Reset the feed address',
  resetConfirm:
    'Calendars subscribed to the current address stop updating; you subscribe again with the new one. This cannot be undone.',
  offTitle: 'Turn off the calendar feed',
  offConfirm: 'The address stops working and calendars subscribed to it stop updating.',
} as const;

const tokenName = z
  .string({ error: API_TOKEN_MESSAGES.nameMissing })
  .trim()
  .min(1, API_TOKEN_MESSAGES.nameMissing)
  .max(API_TOKEN_NAME_MAX, API_TOKEN_MESSAGES.nameLong)
  .describe('What the token is for (a script, a tool), as the list shows it');

/** POST /api/me/api-tokens. */
export const createApiTokenBody = z.object({
  name: tokenName,
  expiresInDays: z
    .number({ error: API_TOKEN_MESSAGES.expiry })
    .int(API_TOKEN_MESSAGES.expiry)
    .refine(
      (days) => (API_TOKEN_EXPIRY_DAYS as readonly number[]).includes(days),
      API_TOKEN_MESSAGES.expiry,
    )
    .describe(`Days until the token stops working: ${API_TOKEN_EXPIRY_DAYS.join(', ')}`),
});
export type CreateApiTokenBody = z.infer<typeof createApiTokenBody>;

/** A token as its owner's list shows it: never the secret, which is not kept. */
export const apiTokenSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The prefix and the first characters of the secret: enough to tell tokens apart. */
  hint: z.string().describe('The start of the token (vwt_AbCd…), to tell tokens apart'),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  lastUsedAt: z.iso.datetime().nullable().describe('The last call made with it, to the minute'),
  expired: z.boolean(),
});
export type ApiTokenView = z.infer<typeof apiTokenSchema>;
export const apiTokenListSchema = z.array(apiTokenSchema);

/** The answer of a create: the token's view and, this once, the secret itself. */
export const createdApiTokenSchema = apiTokenSchema.extend({
  token: z
    .string()
    .describe('The secret, shown this once: send it as `Authorization: Bearer <token>`'),
});
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

/** GET /api/me/calendar-feed: whether the user has a feed (its address is not kept). */
export const calendarFeedStateSchema = z.object({
  active: z.boolean(),
  createdAt: z.iso.datetime().nullable(),
});
export type CalendarFeedState = z.infer<typeof calendarFeedStateSchema>;

/** POST /api/me/calendar-feed: the new address, shown this once; any old one stops working. */
export const calendarFeedMadeSchema = z.object({
  active: z.literal(true),
  createdAt: z.iso.datetime(),
  url: z.url().describe('The secret iCalendar (RFC 5545) address to subscribe to'),
});
export type CalendarFeedMade = z.infer<typeof calendarFeedMadeSchema>;

/** "vwt_AbCd…": what the list shows of a secret. */
export const secretHint = (secret: string, prefix: string) =>
  `${secret.slice(0, prefix.length + 4)}…`;
