import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlayerHandle } from '../../lib/player-handle';
import { renderWithProviders } from '../../test/render';
import { DrawingLayer } from './drawing-layer';
import { DrawingToolbar } from './drawing-toolbar';

/*
 * jsdom lays nothing out: the player's box is given a place and a size here (640 x 360 at
 * (100, 50) on the screen), and the picture's rectangle is read from the style the overlay gave it.
 */
const BOX = { left: 100, top: 50, width: 640, height: 360 };
const saved = { rect: Element.prototype.getBoundingClientRect };
beforeAll(() => {
  const sized = (el: HTMLElement, n: number) => (el.hasAttribute('data-drawing-layer') ? n : 0);
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement) {
      return sized(this, BOX.width);
    },
  });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return sized(this, BOX.height);
    },
  });
  Element.prototype.getBoundingClientRect = function (this: Element) {
    if (!(this instanceof HTMLElement) || this.dataset.testid !== 'drawing-picture') {
      return saved.rect.call(this);
    }
    const px = (v: string) => Number.parseFloat(v) || 0;
    const [left, top] = [BOX.left + px(this.style.left), BOX.top + px(this.style.top)];
    const [width, height] = [px(this.style.width), px(this.style.height)];
    return {
      left,
      top,
      width,
      height,
      x: left,
      y: top,
      right: left + width,
      bottom: top + height,
      toJSON: () => ({}),
    } as DOMRect;
  };
});
afterAll(() => {
  // The getters put on HTMLElement go; Element's own are found again.
  Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
  Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
  Element.prototype.getBoundingClientRect = saved.rect;
});

/** A player that tells time, paused through its handle (counted), with its overlay and tools. */
function drawPlayer(aspect: number | null) {
  const handle = new PlayerHandle(true);
  let pauses = 0;
  handle.attach({ seek: () => {}, pause: () => (pauses += 1) });
  handle.board.setAspect(aspect);
  renderWithProviders(
    <>
      <input aria-label="Some field" />
      <div style={{ position: 'relative' }}>
        <DrawingLayer handle={handle} />
      </div>
      <DrawingToolbar board={handle.board} />
    </>,
  );
  return { handle, board: handle.board, pauses: () => pauses };
}

const surface = () => screen.getByRole('application', { name: /Drawing on the frame/ });
function drag(points: [number, number][]) {
  const [first, ...rest] = points;
  fireEvent.pointerDown(surface(), {
    clientX: first![0],
    clientY: first![1],
    pointerId: 1,
    button: 0,
  });
  for (const [x, y] of rest)
    fireEvent.pointerMove(surface(), { clientX: x, clientY: y, pointerId: 1 });
  fireEvent.pointerUp(surface(), { pointerId: 1 });
}

describe('drawing on the frame (issue 43)', () => {
  it('places the overlay on a 4:3 picture, not on the bars at its sides', () => {
    drawPlayer(4 / 3);
    const picture = screen.getByTestId('drawing-picture');
    expect(picture.style.left).toBe('80px');
    expect(picture.style.width).toBe('480px');
    expect(picture.style.top).toBe('0px');
    expect(picture.style.height).toBe('360px');
  });

  it('D pauses and draws; shapes land relative to the picture; undo; Escape cancels', async () => {
    const user = userEvent.setup();
    const { board, pauses } = drawPlayer(4 / 3);
    // In a field, D is a letter.
    await user.click(screen.getByRole('textbox', { name: 'Some field' }));
    await user.keyboard('d');
    expect(board.getState().drawing).toBe(false);
    (document.activeElement as HTMLElement).blur();
    await user.keyboard('d');
    expect(board.getState().drawing).toBe(true);
    expect(pauses()).toBe(1);
    expect(screen.getByRole('toolbar', { name: 'Drawing tools' })).toBeTruthy();

    // The picture spans x 180..660, y 50..410 on the screen.
    await user.click(screen.getByRole('button', { name: 'Rectangle' }));
    await user.click(screen.getByRole('button', { name: 'Blue' }));
    drag([
      [300, 140],
      [380, 200],
      [420, 230],
    ]);
    expect(board.getState().shapes).toEqual([
      {
        tool: 'rect',
        color: 'blue',
        points: [
          [0.25, 0.25],
          [0.5, 0.5],
        ],
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Pen' }));
    drag([
      [180, 50],
      [181, 50],
      [240, 80],
      [300, 110],
      [660, 410],
    ]);
    const pen = board.getState().shapes[1]!;
    expect(pen.tool).toBe('pen');
    expect(pen.color).toBe('blue');
    // The second point was too close to the first to keep.
    expect(pen.points).toEqual([
      [0, 0],
      [0.125, 0.083],
      [0.25, 0.167],
      [1, 1],
    ]);
    // A tap is no shape.
    drag([[400, 300]]);
    expect(board.getState().shapes).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(board.getState().shapes).toHaveLength(1);
    fireEvent.keyDown(surface(), { key: 'Escape' });
    expect(board.getState()).toMatchObject({ drawing: false, shapes: [] });
    expect(screen.queryByRole('toolbar', { name: 'Drawing tools' })).toBeNull();
  });

  it("Done keeps the drawing shown over the picture; a comment's drawing shows at its moment", async () => {
    const user = userEvent.setup();
    const { handle, board } = drawPlayer(null);
    act(() => handle.startDrawing());
    await screen.findByRole('toolbar', { name: 'Drawing tools' });
    await user.click(screen.getByRole('button', { name: 'Arrow' }));
    drag([
      [200, 100],
      [500, 300],
    ]);
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(board.getState().drawing).toBe(false);
    expect(board.draft()).toEqual({
      shapes: [
        {
          tool: 'arrow',
          color: 'red',
          points: [
            [0.156, 0.139],
            [0.625, 0.694],
          ],
        },
      ],
    });
    expect(screen.getByRole('img', { name: 'Drawing on the frame' })).toBeTruthy();

    const drawn = board.draft()!;
    board.clear();
    board.setTimed([{ id: 'c1', at: 12, drawing: drawn }]);
    const shown = () => screen.queryByRole('img', { name: 'Drawing on the frame' });
    act(() => handle.report(3));
    expect(shown()).toBeNull();
    act(() => handle.report(11.7));
    expect(shown()).not.toBeNull();
    act(() => handle.report(12.6));
    expect(shown()).toBeNull();
    // Selected, it shows at any moment.
    act(() => board.select({ id: 'c1', at: 12, drawing: drawn }));
    expect(shown()).not.toBeNull();
  });
});
