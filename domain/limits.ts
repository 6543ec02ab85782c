/**
 * The request limits a user can run into (docs/architecture.md#identity, issue 15), and their 429
 * messages in docs/product.md's style. The numbers are settings (server/env.ts, docs/settings.md).
 */
export const LIMIT_MESSAGES = {
  /** Login and register, per address and minute. */
  attempts: 'Too many attempts. Please wait a minute and try again.',
  /** Change password, per user and per address, over PASSWORD_WINDOW_MINUTES. */
  passwordAttempts: 'Too many password attempts. Please wait 15 minutes and try again.',
  /** Comments, status changes and other writes that notify people, per user and minute. */
  writes: 'Too many changes in a short time. Please wait a minute and try again.',
} as const;

/** The window of the change-password limit. */
export const PASSWORD_WINDOW_MINUTES = 15;
/** Several people may share an address (an office): it gets this many times a user's attempts. */
export const PASSWORD_ADDRESS_FACTOR = 4;

/**
 * The delay per account name (issue 37), counted in the database across every instance: after
 * `freeFailures` failed sign-ins of one name, from any addresses, each further attempt waits
 * `firstDelaySeconds`, doubled at each new failure, at most `maxDelaySeconds`, so guessing one
 * account is slow while its owner is kept out at most that long; the right password after the
 * wait starts again from zero, and failures `forgetAfterMinutes` old are forgotten. Registration
 * meeting taken usernames is counted the same way, per username and per address.
 */
export const ACCOUNT_DELAY = {
  freeFailures: 5,
  firstDelaySeconds: 2,
  maxDelaySeconds: 15 * 60,
  forgetAfterMinutes: 60,
} as const;
