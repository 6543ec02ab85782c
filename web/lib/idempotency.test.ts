import { describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '@domain/idempotency';
import { submissionKeys } from './idempotency';

/** What each send carried as its Idempotency-Key, and a way to make it fail like a timeout. */
function recorder() {
  const sent: string[] = [];
  const call = (fail: boolean) => async (headers: Record<string, string>) => {
    sent.push(headers[IDEMPOTENCY_HEADER]!);
    if (fail) throw new TypeError('Failed to fetch');
    return 'created';
  };
  return { sent, ok: call(false), timeout: call(true) };
}

describe('one Idempotency-Key per submitted form', () => {
  it('a retry after a timeout, and a second click while the first is on its way, send one key', async () => {
    const keys = submissionKeys();
    const r = recorder();
    const body = { name: 'Promo', link: 'https://youtu.be/abc' };
    await expect(keys.send(body, r.timeout)).rejects.toThrow('Failed to fetch');
    // The user clicks again: the retry of that submission.
    await keys.send({ ...body }, r.ok);
    expect(r.sent).toHaveLength(2);
    expect(r.sent[1]).toBe(r.sent[0]);

    // A double click: the second send starts before the first is answered.
    const other = { name: 'Teaser', link: 'https://youtu.be/abc' };
    await Promise.all([keys.send(other, r.ok), keys.send(other, r.ok)]);
    expect(r.sent[3]).toBe(r.sent[2]);
    expect(r.sent[2]).not.toBe(r.sent[0]);
  });

  it('a new submission after a success, or of a changed form, gets a new key', async () => {
    const keys = submissionKeys();
    const r = recorder();
    const body = { content: 'Looks good' };
    await keys.send(body, r.ok);
    await keys.send(body, r.ok);
    await expect(keys.send(body, r.timeout)).rejects.toThrow();
    await keys.send({ content: 'Looks great' }, r.ok);
    expect(new Set(r.sent).size).toBe(4);
    expect(r.sent.every((k) => /^[\x21-\x7e]{1,255}$/.test(k))).toBe(true);
  });
});
