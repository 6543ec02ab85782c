import { describe, expect, it } from 'vitest';
import { onFirstUse } from './on-first-use';

describe('onFirstUse', () => {
  it('makes nothing until asked, then makes the value once and keeps it', () => {
    let made = 0;
    const value = onFirstUse(() => ({ n: (made += 1) }));
    expect(made).toBe(0);
    const first = value();
    expect(made).toBe(1);
    expect(value()).toBe(first);
    expect(made).toBe(1);
  });

  it('keeps a made value even when it is falsy', () => {
    let made = 0;
    const value = onFirstUse(() => {
      made += 1;
      return 0;
    });
    expect([value(), value()]).toEqual([0, 0]);
    expect(made).toBe(1);
  });
});
