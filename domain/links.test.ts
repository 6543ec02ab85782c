import { describe, expect, it } from 'vitest';
import {
  cardLabelId,
  detectPlatform,
  displayYoutubeId,
  driveId,
  isOpenableLink,
  isValidVideoLink,
  linkAtSecond,
  normalizeLink,
  PLATFORM_LABELS,
  vimeoId,
  youtubeId,
} from './links';
import { itReturns } from './test-helpers';

const WATCH = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const DRIVE_VIEW = 'https://drive.google.com/file/d/1AbC-d_9/view';
const VIMEO = 'https://vimeo.com/76979871';

describe('normalizeLink (docs/product.md#validation-and-messages, Global Add New Video)', () => {
  it.each([
    // youtu.be links become a standard watch link.
    ['https://youtu.be/dQw4w9WgXcQ', WATCH],
    ['youtu.be/dQw4w9WgXcQ?si=Abc123', WATCH],
    ['http://youtu.be/dQw4w9WgXcQ', WATCH],
    ['HTTPS://YOUTU.BE/dQw4w9WgXcQ', WATCH],
    // So do YouTube shorts.
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', WATCH],
    ['youtube.com/shorts/dQw4w9WgXcQ?feature=share', WATCH],
    // A watch link loses its extra parameters, whatever their order.
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s&list=PL1', WATCH],
    ['https://www.youtube.com/watch?feature=x&v=dQw4w9WgXcQ', WATCH],
    ['www.youtube.com/watch?v=dQw4w9WgXcQ', WATCH],
    // Mobile, embed and live YouTube links are read.
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', WATCH],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', WATCH],
    ['https://www.youtube.com/live/dQw4w9WgXcQ', WATCH],
    // A YouTube link without a usable id stays as it is.
    ['https://www.youtube.com/watch?v=', 'https://www.youtube.com/watch?v='],
    ['https://www.youtube.com/watch?v=a%20b', 'https://www.youtube.com/watch?v=a%20b'],
    // Drive links become a file-view link by id.
    [DRIVE_VIEW, DRIVE_VIEW],
    ['https://drive.google.com/file/d/1AbC-d_9/view?usp=sharing', DRIVE_VIEW],
    ['https://drive.google.com/file/d/1AbC-d_9/preview', DRIVE_VIEW],
    ['https://drive.google.com/open?id=1AbC-d_9', DRIVE_VIEW],
    ['https://drive.google.com/uc?id=1AbC-d_9&export=download', DRIVE_VIEW],
    ['drive.google.com/uc?export=download&id=1AbC-d_9', DRIVE_VIEW],
    // A Drive link without a file id (a folder) keeps its path, with https added.
    ['drive.google.com/drive/folders/XYZ', 'https://drive.google.com/drive/folders/XYZ'],
    // Frame.io and f.io links without a scheme get https.
    ['app.frame.io/reviews/abc-123', 'https://app.frame.io/reviews/abc-123'],
    ['frame.io/p/abc', 'https://frame.io/p/abc'],
    ['f.io/Ab12Cd', 'https://f.io/Ab12Cd'],
    ['https://f.io/Ab12Cd', 'https://f.io/Ab12Cd'],
    // Vimeo links come down to the id, kept as https://vimeo.com/{id} so they still open.
    [VIMEO, VIMEO],
    ['vimeo.com/76979871?share=copy', VIMEO],
    ['https://www.vimeo.com/76979871', VIMEO],
    ['https://player.vimeo.com/video/76979871?h=abc', VIMEO],
    ['https://vimeo.com/channels/staffpicks/76979871', VIMEO],
    // A look-alike host is not Vimeo.
    ['https://notvimeo.com/123', 'https://notvimeo.com/123'],
    // Bare hosts get https; existing http and https stay.
    ['example.com/video.mp4', 'https://example.com/video.mp4'],
    ['//example.com/a', 'https://example.com/a'],
    ['localhost:3000/x', 'https://localhost:3000/x'],
    ['http://example.com/a', 'http://example.com/a'],
    ['https://example.com/a?b=1#c', 'https://example.com/a?b=1#c'],
    // Input is trimmed, and empty input stays empty.
    ['  example.com  ', 'https://example.com'],
    ['', ''],
    ['   ', ''],
    // Text naming another scheme is left alone instead of getting https.
    ['mailto:x@y.com', 'mailto:x@y.com'],
    ['javascript:alert(1)', 'javascript:alert(1)'],
  ])('normalises %j to %j, which stays as it is', (link, normal) => {
    expect(normalizeLink(link)).toBe(normal);
    expect(normalizeLink(normal)).toBe(normal);
  });
});

describe('isValidVideoLink', () => {
  itReturns(isValidVideoLink, 'takes %j as a video link: %s', [
    // Video hosts, file hosts and any http(s) link, with or without a scheme.
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', true],
    ['youtu.be/dQw4w9WgXcQ', true],
    [VIMEO, true],
    ['drive.google.com/open?id=1AbC', true],
    ['f.io/Ab12Cd', true],
    ['example.com', true],
    ['http://example.com/a.mp4', true],
    ['http://localhost:3000/x', true],
    // Not other schemes, text, hosts without a dot or empty input.
    ['javascript:alert(1)', false],
    ['JAVASCRIPT://alert(1)', false],
    ['mailto:x@y.com', false],
    ['data:text/html,<b>x</b>', false],
    ['ftp://x', false],
    ['ftp://example.com/a.mp4', false],
    ['not a link', false],
    ['https://intranet', false],
    ['', false],
    ['   ', false],
  ]);
});

describe('detectPlatform', () => {
  itReturns(detectPlatform, 'finds the platform of %j: %s', [
    ['youtu.be/dQw4w9WgXcQ', 'youtube'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'youtube'],
    [VIMEO, 'vimeo'],
    ['https://player.vimeo.com/video/76979871', 'vimeo'],
    ['https://drive.google.com/file/d/1AbC/view', 'drive'],
    ['https://app.frame.io/reviews/abc', 'frameio'],
    ['frame.io/p/abc', 'frameio'],
    ['f.io/Ab12Cd', 'frameio'],
    ['https://example.com/a.mp4', 'other'],
    // Look-alike hosts and unusable links are not trusted.
    ['https://notvimeo.com/123', 'other'],
    ['https://youtube.com.evil.com/watch?v=dQw4w9WgXcQ', 'other'],
    ['https://frame.io.evil.com/x', 'other'],
    ['https://notf.io/x', 'other'],
    ['https://www.youtube.com/watch?v=', 'other'],
    ['not a link', 'other'],
    ['', 'other'],
  ]);

  it('has a label for each platform', () => {
    expect(PLATFORM_LABELS).toEqual({
      youtube: 'YouTube',
      vimeo: 'Vimeo',
      drive: 'Google Drive',
      frameio: 'Frame.io',
      other: 'Link',
    });
  });
});

describe('ids', () => {
  it.each([
    // youtubeId reads every YouTube form and nothing else.
    [youtubeId, 'youtu.be/dQw4w9WgXcQ?si=x', 'dQw4w9WgXcQ'],
    [youtubeId, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1', 'dQw4w9WgXcQ'],
    [youtubeId, 'https://music.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    [youtubeId, 'https://youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    [youtubeId, 'https://www.youtube.com/watch?v=', null],
    [youtubeId, 'https://youtu.be/', null],
    [youtubeId, 'https://www.youtube.com/channel/abc', null],
    [youtubeId, VIMEO, null],
    // vimeoId and driveId read their own hosts only.
    [vimeoId, 'https://vimeo.com/76979871/abcdef', '76979871'],
    [vimeoId, 'https://vimeo.com/user/abc', null],
    [vimeoId, 'https://notvimeo.com/76979871', null],
    [driveId, 'https://drive.google.com/file/d/1AbC/view', '1AbC'],
    [driveId, 'https://drive.google.com/open?id=1AbC', '1AbC'],
    [driveId, 'https://drive.google.com/open?id=a/b', null],
    [driveId, 'https://example.com/?id=1AbC', null],
    // displayYoutubeId keeps the first 11 characters; cardLabelId the first 8.
    [displayYoutubeId, 'dQw4w9WgXcQextra', 'dQw4w9WgXcQ'],
    [displayYoutubeId, 'short', 'short'],
    [cardLabelId, 'dQw4w9WgXcQ', 'dQw4w9Wg'],
    [cardLabelId, '76979871999', '76979871'],
    [cardLabelId, 'abc', 'abc'],
  ])('%o reads %j as %j', (read, text, id) => {
    expect(read(text)).toBe(id);
  });
});

describe('isOpenableLink', () => {
  it('opens only http and https links', () => {
    for (const link of ['https://example.com', 'http://example.com']) {
      expect(isOpenableLink(link), link).toBe(true);
    }
    for (const link of ['example.com', 'javascript:alert(1)', 'ftp://example.com', '']) {
      expect(isOpenableLink(link), link).toBe(false);
    }
  });
});

describe('linkAtSecond', () => {
  it.each([
    // t= is added to YouTube and Vimeo links.
    ['youtu.be/dQw4w9WgXcQ', 42, `${WATCH}&t=42s`],
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=5s', 0, `${WATCH}&t=0s`],
    ['https://player.vimeo.com/video/76979871', 90, `${VIMEO}#t=90s`],
    // Seconds are whole and not negative.
    ['youtu.be/dQw4w9WgXcQ', 12.7, `${WATCH}&t=12s`],
    [VIMEO, -3, `${VIMEO}#t=0s`],
    [VIMEO, Number.NaN, `${VIMEO}#t=0s`],
    // Elsewhere there is no such link.
    ['https://drive.google.com/file/d/1AbC/view', 10, null],
    ['f.io/Ab12Cd', 10, null],
    ['https://example.com/a.mp4', 10, null],
    ['https://vimeo.com/user/abc', 10, null],
  ])('links %j at second %d as %j', (link, seconds, expected) => {
    expect(linkAtSecond(link, seconds)).toBe(expected);
  });
});
