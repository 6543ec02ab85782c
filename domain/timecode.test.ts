import { describe, expect, it } from 'vitest';
import { linkAtSecond } from './links';
import {
  DEFAULT_FRAME_RATE,
  findTimecodes,
  firstTimecode,
  sortByTimecode,
  formatFrames,
  formatTimecode,
  parseTimecode,
} from './timecode';

describe('findTimecodes', () => {
  it('finds m:ss, mm:ss and h:mm:ss with their seconds and positions', () => {
    const text = 'Fix 1:23, then 01:02:03 and 12:05 (also 0:07)';
    expect(findTimecodes(text)).toEqual([
      { text: '1:23', index: 4, seconds: 83 },
      { text: '01:02:03', index: 15, seconds: 3723 },
      { text: '12:05', index: 28, seconds: 725 },
      { text: '0:07', index: 40, seconds: 7 },
    ]);
    expect(findTimecodes('1:00:00')).toEqual([{ text: '1:00:00', index: 0, seconds: 3600 }]);
  });

  it('leaves alone what only looks like one', () => {
    for (const text of [
      'no times here',
      '1:2',
      '1:60',
      '1:61:00',
      '1:5:00',
      '1:2:3:4',
      '10.1:20',
      'localhost:8080',
      'a1:23',
      '1:234',
      'ratio 16:9',
    ]) {
      expect(findTimecodes(text), text).toEqual([]);
    }
  });

  it('keeps sentence punctuation outside', () => {
    expect(findTimecodes('at 2:30. Then 3:15!').map((t) => t.text)).toEqual(['2:30', '3:15']);
  });

  it('gives the seconds linkAtSecond turns into a link where the platform allows', () => {
    const [tc] = findTimecodes('see 1:23');
    expect(linkAtSecond('https://youtu.be/abcdefghijk', tc!.seconds)).toBe(
      'https://www.youtube.com/watch?v=abcdefghijk&t=83s',
    );
  });
});

describe('frames (hh:mm:ss:ff)', () => {
  it('reads frames at the frame rate given, 30 by default', () => {
    expect(DEFAULT_FRAME_RATE).toBe(30);
    expect(findTimecodes('cut at 00:01:23:12')).toEqual([
      { text: '00:01:23:12', index: 7, seconds: 83.4 },
    ]);
    expect(findTimecodes('00:00:01:12', 24)[0]!.seconds).toBe(1.5);
  });

  it('refuses frames at or past the rate, and short parts', () => {
    expect(findTimecodes('00:00:01:30')).toEqual([]);
    expect(findTimecodes('00:00:01:24', 24)).toEqual([]);
    expect(findTimecodes('0:00:01:12')).toEqual([]);
    expect(findTimecodes('00:60:01:12')).toEqual([]);
  });
});

describe('formatTimecode', () => {
  it('writes m:ss under an hour and h:mm:ss after, which findTimecodes reads back', () => {
    const cases: [number, string][] = [
      [0, '0:00'],
      [7.9, '0:07'],
      [83, '1:23'],
      [3599, '59:59'],
      [3723, '1:02:03'],
      [-4, '0:00'],
      [Number.NaN, '0:00'],
    ];
    for (const [seconds, text] of cases) {
      expect(formatTimecode(seconds)).toBe(text);
      expect(parseTimecode(text)).toBe(Math.max(0, Math.floor(seconds)) || 0);
    }
  });
});

describe('formatFrames', () => {
  it('writes SMPTE non-drop timecode at the frame rate', () => {
    expect(formatFrames(83.4)).toBe('00:01:23:12');
    expect(formatFrames(3723.5, 24)).toBe('01:02:03:12');
    expect(formatFrames(0)).toBe('00:00:00:00');
    expect(findTimecodes(formatFrames(61.2, 25), 25)[0]!.seconds).toBeCloseTo(61.2);
  });
});

describe('parseTimecode', () => {
  it('takes a whole timecode and nothing else', () => {
    expect(parseTimecode(' 1:23 ')).toBe(83);
    expect(parseTimecode('01:02:03')).toBe(3723);
    expect(parseTimecode('1:23 and more')).toBeNull();
    expect(parseTimecode('abc')).toBeNull();
    expect(parseTimecode('')).toBeNull();
  });
});

describe('sortByTimecode', () => {
  it('orders by the first moment named; texts without one last, in their order', () => {
    const texts = ['no time here', '2:00 then 0:05', 'see 0:30', 'also none', '00:00:30:15 frame'];
    expect(sortByTimecode(texts, (t) => t)).toEqual([
      'see 0:30',
      '00:00:30:15 frame',
      '2:00 then 0:05',
      'no time here',
      'also none',
    ]);
  });

  it('keeps the given order for equal moments', () => {
    expect(sortByTimecode(['b 1:00', 'a 1:00'], (t) => t)).toEqual(['b 1:00', 'a 1:00']);
  });
});

describe('firstTimecode', () => {
  it('is the first moment a text names, or null', () => {
    expect(firstTimecode('fix 1:02 and 0:10')).toBe(62);
    expect(firstTimecode('nothing')).toBeNull();
  });
});

describe('aspect ratios', () => {
  it('are not read as times, while the same digits as a moment are', () => {
    for (const text of [
      'a 9:16 version',
      'make it 9:16 vertical',
      'aspect ratio 9:16',
      '9:16 crop',
    ]) {
      expect(findTimecodes(text), text).toEqual([]);
    }
    expect(findTimecodes('at 9:16 the logo flickers')).toEqual([
      { text: '9:16', index: 3, seconds: 556 },
    ]);
    // A longer code names a moment whatever follows it.
    expect(findTimecodes('01:09:16 crop')[0]!.seconds).toBe(4156);
    expect(findTimecodes('1:23 cut the intro')[0]!.seconds).toBe(83);
  });
});
