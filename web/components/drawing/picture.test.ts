import { describe, expect, it } from 'vitest';
import { EMBED_ASPECT, pictureRect, toPicturePoint } from './picture';

/** The overlay's arithmetic (issue 43): where the picture lies in the player's box, and a pointer on it. */
describe('pictureRect', () => {
  const box = { width: 640, height: 360 };

  it('fills a 16:9 box with a 16:9 picture', () => {
    expect(pictureRect(box, 16 / 9)).toEqual({ left: 0, top: 0, width: 640, height: 360 });
  });

  it('puts a 4:3 picture between bars at the sides (pillarbox)', () => {
    expect(pictureRect(box, 4 / 3)).toEqual({ left: 80, top: 0, width: 480, height: 360 });
  });

  it('puts a 2.4:1 picture between bars above and below (letterbox)', () => {
    const r = pictureRect(box, 2.4);
    expect(r.left).toBe(0);
    expect(r.width).toBe(640);
    expect(r.height).toBeCloseTo(640 / 2.4, 6);
    expect(r.top).toBeCloseTo((360 - 640 / 2.4) / 2, 6);
  });

  it('puts a phone-shot 9:16 picture in the middle of a wide box', () => {
    const r = pictureRect(box, 9 / 16);
    expect(r.height).toBe(360);
    expect(r.width).toBeCloseTo(202.5, 6);
    expect(r.left).toBeCloseTo(218.75, 6);
  });

  it('takes 16:9 for an embed, or a shape that is not one', () => {
    const wide = pictureRect({ width: 390, height: 390 }, null);
    expect(wide.width).toBe(390);
    expect(wide.height).toBeCloseTo(390 / EMBED_ASPECT, 6);
    expect(wide.top).toBeCloseTo((390 - 390 / EMBED_ASPECT) / 2, 6);
    for (const nonsense of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(pictureRect(box, nonsense)).toEqual(pictureRect(box, null));
    }
  });

  it('is empty in a box not laid out yet', () => {
    expect(pictureRect({ width: 0, height: 0 }, 4 / 3)).toEqual({
      left: 0,
      top: 0,
      width: 0,
      height: 0,
    });
  });
});

describe('toPicturePoint', () => {
  // The 4:3 picture above, in a box whose top left is at (100, 50) on the screen.
  const picture = { left: 180, top: 50, width: 480, height: 360 };

  it('turns client pixels into 0..1 across and down the picture, three decimals', () => {
    expect(toPicturePoint({ x: 180, y: 50 }, picture)).toEqual([0, 0]);
    expect(toPicturePoint({ x: 660, y: 410 }, picture)).toEqual([1, 1]);
    expect(toPicturePoint({ x: 420, y: 230 }, picture)).toEqual([0.5, 0.5]);
    expect(toPicturePoint({ x: 300.3, y: 170 }, picture)).toEqual([0.251, 0.333]);
  });

  it('keeps a point on the bars or off the player within the margin a drawing allows', () => {
    expect(toPicturePoint({ x: 100, y: 50 }, picture)).toEqual([-0.05, 0]);
    expect(toPicturePoint({ x: 5000, y: -900 }, picture)).toEqual([1.05, -0.05]);
  });

  it('is the corner of an empty picture', () => {
    expect(toPicturePoint({ x: 10, y: 10 }, { left: 0, top: 0, width: 0, height: 0 })).toEqual([
      0, 0,
    ]);
  });
});
