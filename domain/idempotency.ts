import { z } from 'zod';

/**
 * Idempotent creates (docs/rules.md#rules-the-product-leaves-open, issue 38): a creating call may carry an
 * `Idempotency-Key`; the same key from the same caller with the same request within
 * IDEMPOTENCY_KEEP_MS is answered with the first answer and writes nothing twice. The server
 * enforces it (server/plugins/idempotency.ts); the web sends one key per submitted form.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Set on an answer that is the replay of an earlier one. */
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** How long a key is remembered: a retry within this window is answered from the first call. */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60 * 1000;

/** 1 to 255 visible ASCII characters (a UUID, for instance). */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,255}$/)
  .describe(
    'Optional: 1 to 255 visible ASCII characters, new for each submission. A retry with the ' +
      'same key and body within 24 hours gets the first answer (with Idempotent-Replayed: ' +
      'true) and creates nothing twice.',
  );

export const IDEMPOTENCY_MESSAGES = {
  invalidKey: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
  keyReused: 'This Idempotency-Key was already used for a different request',
  inProgress: 'A request with this Idempotency-Key is still in progress; try again shortly',
} as const;
