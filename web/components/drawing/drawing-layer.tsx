import {
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type PointerEvent,
} from 'react';
import { simplifyStroke, type DrawingPoint, type DrawingShape } from '@domain/drawing';
import { shownDrawings } from '../../lib/drawing-board';
import type { PlayerHandle } from '../../lib/player-handle';
import { DrawingShapes } from './drawing-shapes';
import { pictureRect, toPicturePoint } from './picture';

/** True when a key typed there is text (a field), not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    target.getAttribute('role') === 'textbox'
  );
}

/**
 * With several players on a page (the guest page's videos), D draws on the one around the focus,
 * else the first one on screen.
 */
function isActiveLayer(mine: HTMLElement): boolean {
  const layers = [...document.querySelectorAll<HTMLElement>('[data-drawing-layer]')];
  if (layers.length <= 1) return true;
  const focus = document.activeElement;
  const around = layers.find((l) => l.closest('section, [role="dialog"]')?.contains(focus ?? null));
  if (around) return around === mine;
  const onScreen = layers.find((l) => {
    const r = l.getBoundingClientRect();
    return r.bottom > 0 && r.top < window.innerHeight;
  });
  return (onScreen ?? layers[0]) === mine;
}

/** Marks what keeps Escape to itself: Mantine's dialog does not close on it (it cancels drawing). */
export const KEEPS_ESCAPE = { 'data-mantine-stop-propagation': 'true' } as const;

/**
 * The drawing over the player's picture (issue 43), laid over the player's box: the picture's
 * rectangle within it comes from the video's own shape (a file's videoWidth / videoHeight, an
 * embed's 16:9), so a drawing stays on the picture, never on the bars around it. While drawing
 * it takes the pointer (mouse, pen and touch alike) and adds the chosen tool's shapes to the
 * board; otherwise it shows, without taking the pointer, the drawing being made, the selected
 * comment's drawing, or the drawings whose moment playback is passing. D starts drawing (the
 * player pauses), Escape cancels.
 */
export function DrawingLayer({ handle }: { handle: PlayerHandle }) {
  const board = handle.board;
  const state = useSyncExternalStore(board.subscribe, board.getState, board.getState);
  const time = useSyncExternalStore(handle.subscribe, handle.currentTime, handle.currentTime);
  const box = useRef<HTMLDivElement>(null);
  const surface = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  const [stroke, setStroke] = useState<DrawingShape | null>(null);

  useEffect(() => board.attachLayer(), [board]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setSize({ width: el.clientWidth, height: el.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'd' && event.key !== 'D') return;
      if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return;
      if (isTyping(event.target) || board.getState().drawing) return;
      if (!box.current || !isActiveLayer(box.current)) return;
      event.preventDefault();
      handle.startDrawing();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [board, handle]);

  // The surface takes the focus when drawing starts, so Escape reaches it first.
  useEffect(() => {
    if (state.drawing) surface.current?.focus({ preventScroll: true });
  }, [state.drawing]);

  const picture = pictureRect(size, state.aspect);
  const at = (event: PointerEvent): DrawingPoint => {
    const r = surface.current!.getBoundingClientRect();
    return toPicturePoint({ x: event.clientX, y: event.clientY }, r);
  };

  const onDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!state.drawing || event.button > 0) return;
    event.preventDefault();
    try {
      // The stroke goes on when the pointer leaves the picture (its points kept within the margin).
      event.currentTarget.setPointerCapture(event.pointerId);
    } catch {
      // A pointer the browser does not track (a synthetic one): the stroke is drawn without.
    }
    const p = at(event);
    setStroke({ tool: state.tool, color: state.color, points: [p, p] });
  };
  const onMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!stroke) return;
    const p = at(event);
    setStroke({
      ...stroke,
      points: stroke.tool === 'pen' ? [...stroke.points, p] : [stroke.points[0]!, p],
    });
  };
  const onUp = () => {
    if (!stroke) return;
    setStroke(null);
    const [a, b] = [stroke.points[0]!, stroke.points.at(-1)!];
    // A tap is no shape.
    if (Math.hypot(b[0] - a[0], b[1] - a[1]) < 0.005 && stroke.points.length <= 2) return;
    board.add(
      stroke.tool === 'pen'
        ? { ...stroke, points: simplifyStroke(stroke.points.slice(1)) }
        : stroke,
    );
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      board.cancel();
    }
  };

  const shown = state.drawing
    ? [{ shapes: [...state.shapes, ...(stroke ? [stroke] : [])] }]
    : shownDrawings(state, time);
  const shapes = shown.flatMap((d) => d.shapes);

  return (
    <div
      ref={box}
      data-drawing-layer=""
      // Over the player's whole box; while drawing, the bars take clicks too (none reach the player).
      style={{ position: 'absolute', inset: 0, pointerEvents: state.drawing ? 'auto' : 'none' }}
    >
      <div
        ref={surface}
        {...(state.drawing
          ? {
              role: 'application',
              'aria-label': 'Drawing on the frame: drag to draw, Escape to cancel',
              tabIndex: 0,
              onPointerDown: onDown,
              onPointerMove: onMove,
              onPointerUp: onUp,
              onPointerCancel: onUp,
              onKeyDown,
              ...KEEPS_ESCAPE,
            }
          : {})}
        data-testid="drawing-picture"
        style={{
          position: 'absolute',
          left: picture.left,
          top: picture.top,
          width: picture.width,
          height: picture.height,
          cursor: state.drawing ? 'crosshair' : undefined,
          touchAction: state.drawing ? 'none' : undefined,
          outline: state.drawing ? '2px dashed rgba(255,255,255,0.7)' : undefined,
          outlineOffset: -2,
        }}
      >
        {shapes.length > 0 && (
          <svg
            width={picture.width}
            height={picture.height}
            role="img"
            aria-label={state.drawing ? 'Your drawing' : 'Drawing on the frame'}
            data-testid="drawing-shown"
            style={{ display: 'block', overflow: 'visible', pointerEvents: 'none' }}
          >
            <DrawingShapes shapes={shapes} width={picture.width} height={picture.height} />
          </svg>
        )}
      </div>
    </div>
  );
}
