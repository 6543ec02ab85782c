import { useState } from 'react';
import { IDEMPOTENCY_HEADER } from '@domain/idempotency';

/**
 * One Idempotency-Key per submitted form (docs/rules.md#rules-the-product-leaves-open, issue 38): the key is made when a
 * form is first submitted and kept until the server has answered that submission with success,
 * so a second click while it is on its way, or a retry after a timeout or a lost connection,
 * sends the same key and the server answers with the first answer instead of creating twice.
 * Another body (the user changed the form) or a submission after a success gets a new key.
 */
export function submissionKeys(newKey: () => string = () => crypto.randomUUID()) {
  let held: { body: string; key: string } | null = null;
  return {
    /** Sends `body` through `call` with the submission's key, as its header. */
    async send<R>(body: unknown, call: (headers: Record<string, string>) => Promise<R>) {
      const text = JSON.stringify(body ?? null);
      if (held?.body !== text) held = { body: text, key: newKey() };
      const { key } = held;
      const answer = await call({ [IDEMPOTENCY_HEADER]: key });
      // Answered: the next submission is a new one (unless a newer one took the key over).
      if (held?.key === key) held = null;
      return answer;
    },
  };
}

export type SubmissionKeys = ReturnType<typeof submissionKeys>;

/** The submission keys of one form (a creating call's hook), kept for the component's life. */
export function useSubmissionKeys(): SubmissionKeys {
  return useState(() => submissionKeys())[0];
}
