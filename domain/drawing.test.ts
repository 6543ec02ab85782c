import { describe, expect, it } from 'vitest';
import {
  DRAWING_MESSAGES,
  drawingBytes,
  drawingProblem,
  roundCoordinate,
  simplifyStroke,
} from './drawing';

describe('drawings (issue 43)', () => {
  it('takes a drawing within its limits and names the first refusal', () => {
    const arrow = {
      tool: 'arrow',
      color: 'yellow',
      points: [
        [0, 0],
        [1.05, -0.05],
      ],
    };
    expect(drawingProblem({ shapes: [arrow] })).toBeNull();
    expect(
      drawingProblem({
        shapes: [
          {
            ...arrow,
            points: [
              [0, 0],
              [1.06, 0],
            ],
          },
        ],
      }),
    ).toBe(DRAWING_MESSAGES.coordinate);
    expect(drawingProblem({ shapes: [{ ...arrow, color: 'purple' }] })).toBe(
      DRAWING_MESSAGES.color,
    );
    expect(drawingProblem(null)).toBe(DRAWING_MESSAGES.invalid);
  });

  it('measures a drawing as the UTF-8 bytes of its JSON', () => {
    expect(drawingBytes({ shapes: [] })).toBe('{"shapes":[]}'.length);
  });

  it('keeps coordinates within the margin, three decimals', () => {
    expect(roundCoordinate(0.12345)).toBe(0.123);
    expect(roundCoordinate(-3)).toBe(-0.05);
    expect(roundCoordinate(7)).toBe(1.05);
  });

  it('drops a stroke’s points too close to the last kept, never its ends', () => {
    // The last point replaces a kept one it is too close to, so the stroke ends where it did.
    expect(
      simplifyStroke([
        [0, 0],
        [0.001, 0],
        [0.01, 0],
        [0.011, 0],
      ]),
    ).toEqual([
      [0, 0],
      [0.011, 0],
    ]);
    // Two points, however close, stay a stroke.
    expect(
      simplifyStroke([
        [0.5, 0.5],
        [0.5, 0.5],
      ]),
    ).toEqual([
      [0.5, 0.5],
      [0.5, 0.5],
    ]);
  });
});
