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

const WATCH = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

describe('normalizeLink (SPEC.md section 5, Global Add New Video)', () => {
  it('turns youtu.be links into a standard watch link', () => {
    expect(normalizeLink('https://youtu.be/dQw4w9WgXcQ')).toBe(WATCH);
    expect(normalizeLink('youtu.be/dQw4w9WgXcQ?si=Abc123')).toBe(WATCH);
    expect(normalizeLink('http://youtu.be/dQw4w9WgXcQ')).toBe(WATCH);
    expect(normalizeLink('HTTPS://YOUTU.BE/dQw4w9WgXcQ')).toBe(WATCH);
  });

  it('turns YouTube shorts into a standard watch link', () => {
    expect(normalizeLink('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toBe(WATCH);
    expect(normalizeLink('youtube.com/shorts/dQw4w9WgXcQ?feature=share')).toBe(WATCH);
  });

  it('drops the extra parameters of a watch link, whatever their order', () => {
    expect(normalizeLink('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s&list=PL1')).toBe(WATCH);
    expect(normalizeLink('https://www.youtube.com/watch?feature=x&v=dQw4w9WgXcQ')).toBe(WATCH);
    expect(normalizeLink('www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(WATCH);
  });

  it('reads mobile, embed and live YouTube links', () => {
    expect(normalizeLink('https://m.youtube.com/watch?v=dQw4w9WgXcQ')).toBe(WATCH);
    expect(normalizeLink('https://www.youtube.com/embed/dQw4w9WgXcQ')).toBe(WATCH);
    expect(normalizeLink('https://www.youtube.com/live/dQw4w9WgXcQ')).toBe(WATCH);
  });

  it('keeps a YouTube link without a usable id as it is', () => {
    expect(normalizeLink('https://www.youtube.com/watch?v=')).toBe(
      'https://www.youtube.com/watch?v=',
    );
    expect(normalizeLink('https://www.youtube.com/watch?v=a%20b')).toBe(
      'https://www.youtube.com/watch?v=a%20b',
    );
  });

  it('turns Drive links into a file-view link by id', () => {
    const view = 'https://drive.google.com/file/d/1AbC-d_9/view';
    expect(normalizeLink('https://drive.google.com/file/d/1AbC-d_9/view')).toBe(view);
    expect(normalizeLink('https://drive.google.com/file/d/1AbC-d_9/view?usp=sharing')).toBe(view);
    expect(normalizeLink('https://drive.google.com/file/d/1AbC-d_9/preview')).toBe(view);
    expect(normalizeLink('https://drive.google.com/open?id=1AbC-d_9')).toBe(view);
    expect(normalizeLink('https://drive.google.com/uc?id=1AbC-d_9&export=download')).toBe(view);
    expect(normalizeLink('drive.google.com/uc?export=download&id=1AbC-d_9')).toBe(view);
  });

  it('keeps a Drive link without a file id (a folder) with https added', () => {
    expect(normalizeLink('drive.google.com/drive/folders/XYZ')).toBe(
      'https://drive.google.com/drive/folders/XYZ',
    );
  });

  it('adds https to Frame.io and f.io links without a scheme', () => {
    expect(normalizeLink('app.frame.io/reviews/abc-123')).toBe(
      'https://app.frame.io/reviews/abc-123',
    );
    expect(normalizeLink('frame.io/p/abc')).toBe('https://frame.io/p/abc');
    expect(normalizeLink('f.io/Ab12Cd')).toBe('https://f.io/Ab12Cd');
    expect(normalizeLink('https://f.io/Ab12Cd')).toBe('https://f.io/Ab12Cd');
  });

  it('reduces Vimeo links to the id, kept as https://vimeo.com/{id} so it still opens', () => {
    expect(normalizeLink('https://vimeo.com/76979871')).toBe('https://vimeo.com/76979871');
    expect(normalizeLink('vimeo.com/76979871?share=copy')).toBe('https://vimeo.com/76979871');
    expect(normalizeLink('https://www.vimeo.com/76979871')).toBe('https://vimeo.com/76979871');
    expect(normalizeLink('https://player.vimeo.com/video/76979871?h=abc')).toBe(
      'https://vimeo.com/76979871',
    );
    expect(normalizeLink('https://vimeo.com/channels/staffpicks/76979871')).toBe(
      'https://vimeo.com/76979871',
    );
  });

  it('does not take a look-alike host for Vimeo', () => {
    expect(normalizeLink('https://notvimeo.com/123')).toBe('https://notvimeo.com/123');
  });

  it('adds https to bare hosts and keeps existing http and https', () => {
    expect(normalizeLink('example.com/video.mp4')).toBe('https://example.com/video.mp4');
    expect(normalizeLink('//example.com/a')).toBe('https://example.com/a');
    expect(normalizeLink('localhost:3000/x')).toBe('https://localhost:3000/x');
    expect(normalizeLink('http://example.com/a')).toBe('http://example.com/a');
    expect(normalizeLink('https://example.com/a?b=1#c')).toBe('https://example.com/a?b=1#c');
  });

  it('trims, and leaves empty input empty', () => {
    expect(normalizeLink('  example.com  ')).toBe('https://example.com');
    expect(normalizeLink('')).toBe('');
    expect(normalizeLink('   ')).toBe('');
  });

  it('leaves text naming another scheme alone instead of prefixing https', () => {
    expect(normalizeLink('mailto:x@y.com')).toBe('mailto:x@y.com');
    expect(normalizeLink('javascript:alert(1)')).toBe('javascript:alert(1)');
  });
});

describe('isValidVideoLink', () => {
  it('accepts video hosts, file hosts and any http(s) link, with or without a scheme', () => {
    for (const link of [
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'youtu.be/dQw4w9WgXcQ',
      'https://vimeo.com/76979871',
      'drive.google.com/open?id=1AbC',
      'f.io/Ab12Cd',
      'example.com',
      'http://example.com/a.mp4',
      'http://localhost:3000/x',
    ]) {
      expect(isValidVideoLink(link), link).toBe(true);
    }
  });

  it('refuses other schemes, text, hosts without a dot and empty input', () => {
    for (const link of [
      'javascript:alert(1)',
      'JAVASCRIPT://alert(1)',
      'mailto:x@y.com',
      'data:text/html,<b>x</b>',
      'ftp://x',
      'ftp://example.com/a.mp4',
      'not a link',
      'https://intranet',
      '',
      '   ',
    ]) {
      expect(isValidVideoLink(link), link).toBe(false);
    }
  });
});

describe('detectPlatform', () => {
  it('names each platform', () => {
    expect(detectPlatform('youtu.be/dQw4w9WgXcQ')).toBe('youtube');
    expect(detectPlatform('https://m.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('youtube');
    expect(detectPlatform('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toBe('youtube');
    expect(detectPlatform('https://vimeo.com/76979871')).toBe('vimeo');
    expect(detectPlatform('https://player.vimeo.com/video/76979871')).toBe('vimeo');
    expect(detectPlatform('https://drive.google.com/file/d/1AbC/view')).toBe('drive');
    expect(detectPlatform('https://app.frame.io/reviews/abc')).toBe('frameio');
    expect(detectPlatform('frame.io/p/abc')).toBe('frameio');
    expect(detectPlatform('f.io/Ab12Cd')).toBe('frameio');
    expect(detectPlatform('https://example.com/a.mp4')).toBe('other');
  });

  it('does not trust look-alike hosts or unusable links', () => {
    expect(detectPlatform('https://notvimeo.com/123')).toBe('other');
    expect(detectPlatform('https://youtube.com.evil.com/watch?v=dQw4w9WgXcQ')).toBe('other');
    expect(detectPlatform('https://frame.io.evil.com/x')).toBe('other');
    expect(detectPlatform('https://notf.io/x')).toBe('other');
    expect(detectPlatform('https://www.youtube.com/watch?v=')).toBe('other');
    expect(detectPlatform('not a link')).toBe('other');
    expect(detectPlatform('')).toBe('other');
  });

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
  it('youtubeId reads every YouTube form and nothing else', () => {
    expect(youtubeId('youtu.be/dQw4w9WgXcQ?si=x')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://music.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://www.youtube.com/watch?v=')).toBeNull();
    expect(youtubeId('https://youtu.be/')).toBeNull();
    expect(youtubeId('https://www.youtube.com/channel/abc')).toBeNull();
    expect(youtubeId('https://vimeo.com/76979871')).toBeNull();
  });

  it('vimeoId and driveId read their own hosts only', () => {
    expect(vimeoId('https://vimeo.com/76979871/abcdef')).toBe('76979871');
    expect(vimeoId('https://vimeo.com/user/abc')).toBeNull();
    expect(vimeoId('https://notvimeo.com/76979871')).toBeNull();
    expect(driveId('https://drive.google.com/file/d/1AbC/view')).toBe('1AbC');
    expect(driveId('https://drive.google.com/open?id=1AbC')).toBe('1AbC');
    expect(driveId('https://drive.google.com/open?id=a/b')).toBeNull();
    expect(driveId('https://example.com/?id=1AbC')).toBeNull();
  });

  it('displayYoutubeId keeps the first 11 characters; cardLabelId the first 8', () => {
    expect(displayYoutubeId('dQw4w9WgXcQextra')).toBe('dQw4w9WgXcQ');
    expect(displayYoutubeId('short')).toBe('short');
    expect(cardLabelId('dQw4w9WgXcQ')).toBe('dQw4w9Wg');
    expect(cardLabelId('76979871999')).toBe('76979871');
    expect(cardLabelId('abc')).toBe('abc');
  });
});

describe('isOpenableLink', () => {
  it('opens only http and https links', () => {
    expect(isOpenableLink('https://example.com')).toBe(true);
    expect(isOpenableLink('http://example.com')).toBe(true);
    expect(isOpenableLink('example.com')).toBe(false);
    expect(isOpenableLink('javascript:alert(1)')).toBe(false);
    expect(isOpenableLink('ftp://example.com')).toBe(false);
    expect(isOpenableLink('')).toBe(false);
  });
});

describe('linkAtSecond', () => {
  it('adds t= to YouTube and Vimeo links', () => {
    expect(linkAtSecond('youtu.be/dQw4w9WgXcQ', 42)).toBe(`${WATCH}&t=42s`);
    expect(linkAtSecond('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=5s', 0)).toBe(
      `${WATCH}&t=0s`,
    );
    expect(linkAtSecond('https://player.vimeo.com/video/76979871', 90)).toBe(
      'https://vimeo.com/76979871#t=90s',
    );
  });

  it('takes whole, non-negative seconds', () => {
    expect(linkAtSecond('youtu.be/dQw4w9WgXcQ', 12.7)).toBe(`${WATCH}&t=12s`);
    expect(linkAtSecond('https://vimeo.com/76979871', -3)).toBe('https://vimeo.com/76979871#t=0s');
    expect(linkAtSecond('https://vimeo.com/76979871', Number.NaN)).toBe(
      'https://vimeo.com/76979871#t=0s',
    );
  });

  it('is null elsewhere', () => {
    expect(linkAtSecond('https://drive.google.com/file/d/1AbC/view', 10)).toBeNull();
    expect(linkAtSecond('f.io/Ab12Cd', 10)).toBeNull();
    expect(linkAtSecond('https://example.com/a.mp4', 10)).toBeNull();
    expect(linkAtSecond('https://vimeo.com/user/abc', 10)).toBeNull();
  });
});
