import { describe, expect, it } from 'vitest';
import { linkAtSecond } from './links';
import Timecode from 'smpte-timecode';
import {
  DEFAULT_FRAME_RATE,
  findTimecodes,
  FRAME_RATES,
  frameAtTime,
  frameToSeconds,
  frameToTimecode,
  isDropFrame,
  parseTime,
  rateSpec,
  secondsToFrame,
  sortByTime,
  formatTimecode,
  timecodeToFrame,
  type FrameRate,
} from './timecode';

/** findTimecodes without the frames, as the older cases read. */
const found = (text: string, rate?: FrameRate) =>
  findTimecodes(text, rate).map(({ text, index, seconds }) => ({ text, index, seconds }));

describe('findTimecodes', () => {
  it('finds m:ss, mm:ss and h:mm:ss with their seconds and positions', () => {
    const text = 'Fix 1:23, then 01:02:03 and 12:05 (also 0:07)';
    expect(found(text)).toEqual([
      { text: '1:23', index: 4, seconds: 83 },
      { text: '01:02:03', index: 15, seconds: 3723 },
      { text: '12:05', index: 28, seconds: 725 },
      { text: '0:07', index: 40, seconds: 7 },
    ]);
    expect(found('1:00:00')).toEqual([{ text: '1:00:00', index: 0, seconds: 3600 }]);
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
      expect(found(text), text).toEqual([]);
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
    expect(DEFAULT_FRAME_RATE).toBe('30');
    expect(findTimecodes('cut at 00:01:23:12')).toEqual([
      { text: '00:01:23:12', index: 7, seconds: 83.4, frame: 2502 },
    ]);
    expect(findTimecodes('00:00:01:12', '24')[0]!.seconds).toBe(1.5);
  });

  it('refuses frames at or past the rate, and short parts', () => {
    expect(findTimecodes('00:00:01:30')).toEqual([]);
    expect(findTimecodes('00:00:01:24', '24')).toEqual([]);
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
      expect(parseTime(text)).toBe((Math.max(0, Math.floor(seconds)) || 0) * 30);
    }
  });
});

describe('parseTime', () => {
  it('takes a whole timecode and nothing else, as a frame', () => {
    expect(parseTime(' 1:23 ')).toBe(83 * 30);
    expect(parseTime('01:02:03')).toBe(3723 * 30);
    expect(parseTime('1:23 and more')).toBeNull();
    expect(parseTime('abc')).toBeNull();
    expect(parseTime('')).toBeNull();
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
    expect(found('at 9:16 the logo flickers')).toEqual([{ text: '9:16', index: 3, seconds: 556 }]);
    // A longer code names a moment whatever follows it.
    expect(findTimecodes('01:09:16 crop')[0]!.seconds).toBe(4156);
    expect(findTimecodes('1:23 cut the intro')[0]!.seconds).toBe(83);
  });
});

describe('frame rates (issue 43)', () => {
  it('knows each rate exactly', () => {
    expect(FRAME_RATES).toEqual(['23.976', '24', '25', '29.97df', '30', '50', '59.94df', '60']);
    expect(rateSpec('23.976')).toEqual({
      numerator: 24000,
      denominator: 1001,
      nominal: 24,
      dropFrames: 0,
    });
    expect(FRAME_RATES.filter(isDropFrame)).toEqual(['29.97df', '59.94df']);
    expect(frameToSeconds(24000, '23.976')).toBe(1001);
    expect(secondsToFrame(1001, '23.976')).toBe(24000);
    expect(secondsToFrame(-1, '25')).toBe(0);
    expect(frameAtTime(frameToSeconds(2002, '23.976'), '23.976')).toBe(2002);
    expect(frameAtTime(83.49, '25')).toBe(2087);
  });

  it('writes the known drop-frame values', () => {
    expect(frameToTimecode(1800, '29.97df')).toBe('00:01:00;02');
    expect(frameToTimecode(1799, '29.97df')).toBe('00:00:59;29');
    expect(frameToTimecode(17982, '29.97df')).toBe('00:10:00;00');
    expect(frameToTimecode(3600, '59.94df')).toBe('00:01:00;04');
    expect(frameToTimecode(35964, '59.94df')).toBe('00:10:00;00');
    expect(frameToTimecode(1800, '30')).toBe('00:01:00:00');
    expect(frameToTimecode(2002, '23.976')).toBe('00:01:23:10');
  });

  it('refuses the labels drop-frame skips and frames past the rate', () => {
    const at = (minutes: number, frames: number) => ({ hours: 0, minutes, seconds: 0, frames });
    expect(timecodeToFrame(at(1, 0), '29.97df')).toBeNull();
    expect(timecodeToFrame(at(1, 1), '29.97df')).toBeNull();
    expect(timecodeToFrame(at(1, 2), '29.97df')).toBe(1800);
    expect(timecodeToFrame(at(10, 0), '29.97df')).toBe(17982);
    expect(timecodeToFrame(at(1, 3), '59.94df')).toBeNull();
    expect(timecodeToFrame(at(1, 4), '59.94df')).toBe(3600);
    expect(timecodeToFrame(at(1, 0), '30')).toBe(1800);
    expect(timecodeToFrame({ hours: 0, minutes: 0, seconds: 0, frames: 25 }, '25')).toBeNull();
  });

  // An independent implementation (npm smpte-timecode) agrees at every rate, both ways.
  const theirs = (rate: FrameRate, frame: number) => {
    const { numerator, denominator } = rateSpec(rate);
    return Timecode(frame, [numerator, denominator], isDropFrame(rate));
  };
  const samples = [0, 1, 23, 1799, 1800, 1801, 17981, 17982, 17983, 86399, 107892, 215783];
  for (const rate of FRAME_RATES) {
    it(`turns frames into timecodes and back at ${rate}`, () => {
      for (const frame of samples) {
        const text = frameToTimecode(frame, rate);
        expect(text, `${rate} ${frame}`).toBe(theirs(rate, frame).toString());
        expect(parseTime(text, rate), text).toBe(frame);
        expect(findTimecodes(`at ${text}`, rate)[0]!.frame).toBe(frame);
      }
    });
  }

  it('reads every typed form as a frame at the rate', () => {
    const cases: [string, FrameRate, number][] = [
      ['1:23', '25', 2075],
      ['1:23.5', '25', 2088],
      ['1:23.5', '23.976', 2002],
      ['1:23.5', '29.97df', 2502],
      ['01:23:12', '30', (3600 + 23 * 60 + 12) * 30],
      ['00:01:23;12', '29.97df', 2500],
      ['00:01:23:12', '29.97df', 2500],
      ['00:01:23:12', '25', 2087],
      ['59:59', '29.97df', 107862],
      ['59:59', '23.976', 86290],
      ['0:00', '59.94df', 0],
    ];
    for (const [text, rate, frame] of cases) {
      expect(parseTime(text, rate), `${text} at ${rate}`).toBe(frame);
    }
    expect(frameToTimecode(2500, '29.97df')).toBe('00:01:23;12');
    // 59:59 of a 29.97 cut stays at 59:59 on the clock (30 fps counting would be 3.6 s late).
    expect(frameToTimecode(107862, '29.97df')).toBe('00:59:59;00');
    for (const bad of ['1:23.5678', '00:01:00;00x', '1:60', '00:01:00;01']) {
      expect(parseTime(bad, '29.97df'), bad).toBeNull();
    }
  });

  it('sorts by a moment, those without one last', () => {
    expect(sortByTime(['a', 'b', 'c'], (x) => ({ a: null, b: 2, c: 1 })[x] ?? null)).toEqual([
      'c',
      'b',
      'a',
    ]);
  });
});
