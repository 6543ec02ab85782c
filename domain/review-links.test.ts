import { describe, expect, it } from 'vitest';
import { REVIEW_LINK_MESSAGES, shownVersion } from './review-links';

/** Which version a review link shows (docs/rules.md#review-links, issue 41 item 7). */
describe('shownVersion', () => {
  const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute));
  const rounds = [
    { version: null, sentAt: at(0) },
    { version: 1, sentAt: at(10) },
    { version: 2, sentAt: at(20) },
  ];

  it('shows the version sent while no newer one went to review', () => {
    expect(shownVersion(2, rounds)).toBe(2);
    expect(shownVersion(3, rounds)).toBe(3);
    expect(shownVersion(null, [{ version: null, sentAt: at(0) }])).toBe(null);
  });

  it('shows the newest version that went to review when it is newer than the one sent', () => {
    expect(shownVersion(null, rounds)).toBe(2);
    expect(shownVersion(1, rounds)).toBe(2);
    expect(shownVersion(1, [...rounds].reverse())).toBe(2);
  });

  it('as it was at a moment: only the rounds begun by then', () => {
    expect(shownVersion(null, rounds, at(5))).toBe(null);
    expect(shownVersion(null, rounds, at(10))).toBe(1);
    expect(shownVersion(1, rounds, at(15))).toBe(1);
  });
});

describe('the newer version notice', () => {
  it('names the version shown and the one sent', () => {
    expect(REVIEW_LINK_MESSAGES.newerVersion(3, 2)).toBe(
      'A newer version (v3) is ready: you were sent v2',
    );
    expect(REVIEW_LINK_MESSAGES.newerVersion(1, null)).toBe(
      'A newer version (v1) is ready: you were sent the source',
    );
  });
});
