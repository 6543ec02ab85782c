import { describe, expect, it } from 'vitest';
import { helmetHeaders } from './security-headers';

/** The directives of the Content-Security-Policy header, by name. */
function directives(): Map<string, string[]> {
  const csp = helmetHeaders()['content-security-policy'] ?? '';
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('Content-Security-Policy for the video dialog players', () => {
  it('frames exactly the four embed origins', () => {
    expect(directives().get('frame-src')).toEqual([
      'https://www.youtube-nocookie.com',
      'https://player.vimeo.com',
      'https://drive.google.com',
      'https://www.loom.com',
    ]);
  });

  it('plays media from the app and https only', () => {
    expect(directives().get('media-src')).toEqual(["'self'", 'https:']);
  });

  it('opens nothing else: scripts, connections and objects stay as they were', () => {
    const d = directives();
    expect(d.get('script-src')).toEqual(["'self'"]);
    expect(d.get('connect-src')).toEqual(["'self'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('default-src')).toEqual(["'self'"]);
    // No child-src or worker-src that could widen frames behind frame-src's back.
    expect(d.has('child-src')).toBe(false);
    expect(d.has('worker-src')).toBe(false);
  });
});
