import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Drawing } from '@domain/drawing';
import type { FrameRate } from '@domain/timecode';
import { PlayerHandle } from '../../lib/player-handle';
import { useDrawingSelection } from './use-drawing-selection';

const drawing: Drawing = {
  shapes: [
    {
      tool: 'rect',
      color: 'blue',
      points: [
        [0.1, 0.1],
        [0.4, 0.3],
      ],
    },
  ],
};

/** A drawing shows at its comment's stored frame, at the rate of the version it is on (issue 43). */
describe('useDrawingSelection', () => {
  const comments = [
    // 1:23.5 at 25 fps; its text names another moment, which does not count.
    { id: 'a', frame: 2088, content: 'See 0:05', drawing },
    { id: 'b', frame: null, content: 'No time', drawing },
    { id: 'c', frame: 50, content: 'No drawing', drawing: null },
  ];

  it("times each drawn comment with a frame at its frame's seconds, following the rate", () => {
    const player = new PlayerHandle(true);
    const { rerender, unmount } = renderHook(
      ({ rate }: { rate: FrameRate }) => useDrawingSelection(player, comments, rate),
      { initialProps: { rate: '25' } },
    );
    expect(player.board.getState().timed).toEqual([{ id: 'a', at: 83.52, drawing }]);
    // At 29.97 drop-frame, frame 2,088 is 2088 × 1001 / 30000 s.
    rerender({ rate: '29.97df' });
    const [timed] = player.board.getState().timed;
    expect(timed!.id).toBe('a');
    expect(timed!.at).toBeCloseTo(69.6696, 5);
    unmount();
    expect(player.board.getState().timed).toEqual([]);
  });

  it('Show drawing pauses, seeks to the frame and selects it; again hides it', () => {
    const player = new PlayerHandle(true);
    const controls = { seek: vi.fn(), pause: vi.fn() };
    player.attach(controls);
    act(() => void player.board.attachLayer());
    const { result } = renderHook(() => useDrawingSelection(player, comments, '25'));
    expect(result.current(comments[2]!)).toEqual({});
    const props = result.current(comments[0]!);
    expect(props.drawingShown).toBe(false);
    act(() => props.onShowDrawing!());
    expect(controls.pause).toHaveBeenCalled();
    expect(controls.seek).toHaveBeenCalledWith(83.52);
    expect(player.board.getState().selected).toEqual({ id: 'a', at: 83.52, drawing });
    expect(result.current(comments[0]!).drawingShown).toBe(true);
    act(() => result.current(comments[0]!).onShowDrawing!());
    expect(player.board.getState().selected).toBeNull();
  });
});
