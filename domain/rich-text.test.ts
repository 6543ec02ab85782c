import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chipLabel, tokenizeRichText, type RichToken } from './rich-text';

const kinds = (tokens: RichToken[]) => tokens.map((t) => [t.kind, t.text]);

describe('tokenizeRichText', () => {
  it('keeps plain text whole, HTML included', () => {
    expect(tokenizeRichText('<img src=x onerror=alert(1)>')).toEqual([
      { kind: 'text', text: '<img src=x onerror=alert(1)>' },
    ]);
    expect(tokenizeRichText('')).toEqual([]);
  });

  it('finds addresses, leaving sentence punctuation and unmatched brackets outside', () => {
    expect(
      kinds(tokenizeRichText('See https://a.io/x. And (www.b.org/y), https://w.org/Foo_(bar)!')),
    ).toEqual([
      ['text', 'See '],
      ['url', 'https://a.io/x'],
      ['text', '. And ('],
      ['url', 'www.b.org/y'],
      ['text', '), '],
      ['url', 'https://w.org/Foo_(bar)'],
      ['text', '!'],
    ]);
    const [, www] = tokenizeRichText('at www.b.org');
    expect(www).toEqual({ kind: 'url', text: 'www.b.org', href: 'https://www.b.org/' });
  });

  it('never makes a link of another scheme', () => {
    expect(kinds(tokenizeRichText('javascript:alert(1) data:text/html,x'))).toEqual([
      ['text', 'javascript:alert(1) data:text/html,x'],
    ]);
  });

  it('turns video-site addresses into video cards with their ids', () => {
    const tokens = tokenizeRichText(
      'cut https://youtu.be/dQw4w9WgXcQ and https://vimeo.com/123456789 and https://drive.google.com/file/d/abcDEF123456/view',
    );
    expect(tokens.filter((t) => t.kind === 'video')).toEqual([
      expect.objectContaining({ platform: 'youtube', id: 'dQw4w9WgXcQ' }),
      expect.objectContaining({ platform: 'vimeo', id: '123456789' }),
      expect.objectContaining({ platform: 'drive', id: 'abcDEF123456' }),
    ]);
  });

  it('finds mentions, but not e-mail addresses or mentions inside addresses', () => {
    expect(kinds(tokenizeRichText('@anna and bob@x.io, see https://x.com/@carl, @dan.'))).toEqual([
      ['mention', '@anna'],
      ['text', ' and bob@x.io, see '],
      ['url', 'https://x.com/@carl'],
      ['text', ', '],
      ['mention', '@dan'],
      ['text', '.'],
    ]);
  });

  it('makes badges of real mentions only, when the people who may be mentioned are known', () => {
    const people = new Set(['anna', 'dan']);
    expect(kinds(tokenizeRichText('@Anna ask @sa and @dan.', null, people))).toEqual([
      ['mention', '@Anna'],
      ['text', ' ask @sa and '],
      ['mention', '@dan'],
      ['text', '.'],
    ]);
  });

  it('links timecodes to the moment on YouTube and Vimeo, and keeps them as text elsewhere', () => {
    const yt = tokenizeRichText('fix 1:23 and 01:02:03', 'https://youtu.be/dQw4w9WgXcQ');
    expect(yt.filter((t) => t.kind === 'timecode')).toEqual([
      {
        kind: 'timecode',
        text: '1:23',
        seconds: 83,
        href: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=83s',
      },
      {
        kind: 'timecode',
        text: '01:02:03',
        seconds: 3723,
        href: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=3723s',
      },
    ]);
    const vimeo = tokenizeRichText('at 0:05', 'https://vimeo.com/42');
    expect(vimeo[1]).toMatchObject({ href: 'https://vimeo.com/42#t=5s' });
    const other = tokenizeRichText('at 0:05', 'https://frame.io/x');
    expect(other[1]).toMatchObject({ kind: 'timecode', href: null });
    expect(tokenizeRichText('at 0:05')[1]).toMatchObject({ kind: 'timecode', href: null });
  });

  it('gives back the text unchanged when its pieces are joined', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.string(),
            fc.constantFrom('@ann', 'https://a.io/x.', '1:23', 'www.b.c)', '<b>', ' ', '\n'),
          ),
        ),
        (parts) => {
          const text = parts.join('');
          const tokens = tokenizeRichText(text, 'https://youtu.be/abc');
          expect(tokens.map((t) => t.text).join('')).toBe(text);
        },
      ),
    );
  });
});

describe('chipLabel', () => {
  it('shows host and path, shortened', () => {
    expect(chipLabel('https://www.example.com/')).toBe('example.com');
    expect(chipLabel('https://a.io/docs/page')).toBe('a.io/docs/page');
    expect(chipLabel(`https://a.io/${'x'.repeat(60)}`)).toHaveLength(40);
  });
});
