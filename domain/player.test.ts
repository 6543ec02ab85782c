import { describe, expect, it } from 'vitest';
import {
  canTellTime,
  directVideoFile,
  EMBED_ORIGINS,
  loomId,
  needsResync,
  playerSource,
  playTogether,
  SYNC_TOLERANCE_SECONDS,
} from './player';

const ORIGIN = 'http://localhost:5000';

describe('playerSource', () => {
  // YouTube's documented form: /embed/<id>?enablejsapi=1&origin=<the page's origin>; Vimeo's
  // player.vimeo.com/video/<id> (?h=<hash> for unlisted videos); Drive's /file/d/<id>/preview;
  // Loom's /embed/<id>.
  const YT =
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?enablejsapi=1&origin=http%3A%2F%2Flocalhost%3A5000&rel=0';
  const LOOM = '0281766fa2d04bb788eaf19e65135184';
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube', YT],
    ['https://youtu.be/dQw4w9WgXcQ?t=42', 'youtube', YT],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'youtube', YT],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'youtube', YT],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ&list=PL1', 'youtube', YT],
    ['https://vimeo.com/76979871', 'vimeo', 'https://player.vimeo.com/video/76979871?api=1'],
    [
      'https://player.vimeo.com/video/76979871',
      'vimeo',
      'https://player.vimeo.com/video/76979871?api=1',
    ],
    [
      'https://vimeo.com/channels/staffpicks/76979871',
      'vimeo',
      'https://player.vimeo.com/video/76979871?api=1',
    ],
    [
      'https://vimeo.com/76979871/8ab3e1f2c4',
      'vimeo',
      'https://player.vimeo.com/video/76979871?api=1&h=8ab3e1f2c4',
    ],
    [
      'https://drive.google.com/file/d/1AbC_dEf-23/view?usp=sharing',
      'drive',
      'https://drive.google.com/file/d/1AbC_dEf-23/preview',
    ],
    [
      'https://drive.google.com/open?id=1AbC_dEf-23',
      'drive',
      'https://drive.google.com/file/d/1AbC_dEf-23/preview',
    ],
    [`https://www.loom.com/share/${LOOM}`, 'loom', `https://www.loom.com/embed/${LOOM}`],
    [`https://www.loom.com/share/${LOOM}?sid=abc`, 'loom', `https://www.loom.com/embed/${LOOM}`],
    [`https://loom.com/embed/${LOOM}`, 'loom', `https://www.loom.com/embed/${LOOM}`],
  ])('plays %s in the %s embed %s', (link, kind, src) => {
    const source = playerSource(link, ORIGIN);
    expect(source).toMatchObject({ kind, src });
    // The frame's origin is the embed address's own, one of the four the CSP allows.
    expect(source && 'origin' in source && source.origin).toBe(new URL(src).origin);
    expect(EMBED_ORIGINS).toContain(new URL(src).origin);
    expect(source?.title).toMatch(
      /^(YouTube video player|Vimeo video player|Google Drive video preview|Loom video player)$/,
    );
  });

  it('plays an https video file in the browser, judged by the path', () => {
    expect(playerSource('https://cdn.example.com/a/cut-3.MP4?sig=1', ORIGIN)).toEqual({
      kind: 'file',
      src: 'https://cdn.example.com/a/cut-3.MP4?sig=1',
      title: 'Video',
    });
    expect(directVideoFile('https://x.example/v.webm')).toBe('https://x.example/v.webm');
    expect(directVideoFile('https://x.example/v.mov')).toBe('https://x.example/v.mov');
  });

  it.each([
    'https://app.frame.io/reviews/abc',
    'https://example.com/page',
    'https://example.com/clip.mp4.html',
    'https://example.com/x?file=clip.mp4',
    // Plain http files cannot play in an https page (mixed content) nor pass media-src https:.
    'http://example.com/clip.mp4',
    'javascript:alert(1)//.mp4',
    'not a link',
  ])('keeps the Open button for %s', (link) => {
    expect(playerSource(link, ORIGIN)).toBeNull();
  });

  it('tells which players report their time', () => {
    const kinds = [
      'https://youtu.be/dQw4w9WgXcQ',
      'https://vimeo.com/1',
      'https://x.example/v.mp4',
      'https://drive.google.com/file/d/abc/view',
      'https://www.loom.com/share/0281766fa2d04bb788eaf19e65135184',
    ].map((l) => canTellTime(playerSource(l, ORIGIN)!));
    expect(kinds).toEqual([true, true, true, false, false]);
  });
});

describe('loomId', () => {
  it('takes 32 hexadecimal characters on loom.com only', () => {
    expect(loomId('https://www.loom.com/share/abc')).toBeNull();
    expect(loomId('https://notloom.com/share/0281766fa2d04bb788eaf19e65135184')).toBeNull();
    expect(loomId('http://www.loom.com/share/0281766fa2d04bb788eaf19e65135184')).toBeNull();
  });
});

it('frames exactly the four embed origins', () => {
  expect([...EMBED_ORIGINS].sort()).toEqual([
    'https://drive.google.com',
    'https://player.vimeo.com',
    'https://www.loom.com',
    'https://www.youtube-nocookie.com',
  ]);
});

describe('comparing two versions (issue 41)', () => {
  const file = playerSource('https://cdn.example.com/cut-v2.mp4', ORIGIN)!;
  const other = playerSource('https://cdn.example.com/cut-v1.MOV', ORIGIN)!;
  const embed = playerSource('https://vimeo.com/76979871', ORIGIN)!;

  it('plays two direct files under one control, never an embed', () => {
    expect(playTogether(file, other)).toBe(true);
    expect(playTogether(file, embed)).toBe(false);
    expect(playTogether(embed, embed)).toBe(false);
  });

  it('puts the follower back once it drifts more than one frame (1/30 s)', () => {
    expect(SYNC_TOLERANCE_SECONDS).toBeCloseTo(1 / 30);
    expect(needsResync(2, 2.03)).toBe(false);
    expect(needsResync(2, 1.97)).toBe(false);
    expect(needsResync(2, 2.04)).toBe(true);
    expect(needsResync(2.04, 2)).toBe(true);
  });
});
