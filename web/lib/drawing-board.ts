import {
  DRAWING_SHOW_WINDOW,
  drawingProblem,
  type Drawing,
  type DrawingColor,
  type DrawingShape,
  type DrawingTool,
} from '@domain/drawing';

/** A comment's drawing and the moment it is about (seconds), shown while playback passes it. */
export interface TimedDrawing {
  id: string;
  at: number;
  drawing: Drawing;
}

export interface BoardState {
  /** The overlay takes the pointer: the person is drawing on the paused frame. */
  drawing: boolean;
  tool: DrawingTool;
  color: DrawingColor;
  /** The drawing being made (kept once Done until it is posted or removed). */
  shapes: readonly DrawingShape[];
  /** Why the last shape was not kept (a limit), or null. */
  problem: string | null;
  /** The comment whose drawing is shown because it was selected. */
  selected: TimedDrawing | null;
  /** The comments' drawings shown as playback passes their moment. */
  timed: readonly TimedDrawing[];
  /** The picture's width over its height when the player knows it (a file); null: 16:9. */
  aspect: number | null;
  /** How many overlays draw this board (0: the player has none, e.g. while comparing). */
  layers: number;
}

const INITIAL: BoardState = {
  drawing: false,
  tool: 'pen',
  color: 'red',
  shapes: [],
  problem: null,
  selected: null,
  timed: [],
  aspect: null,
  layers: 0,
};

/**
 * The drawing on one player's frame (issue 43), shared like the PlayerHandle it belongs to: the
 * player's overlay draws it and takes the pointer, the comment composer starts it and posts its
 * shapes, the comments select a drawing to show. An external store for useSyncExternalStore.
 */
export class DrawingBoard {
  private state: BoardState = INITIAL;
  private readonly listeners = new Set<() => void>();

  getState = (): BoardState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(patch: Partial<BoardState>) {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((l) => l());
  }

  /** Starts drawing (the caller paused the player); a selected drawing steps aside. */
  start(): void {
    if (!this.state.drawing) this.set({ drawing: true, selected: null, problem: null });
  }

  /** Done: the shapes stay, shown over the picture, until the comment is posted. */
  finish(): void {
    if (this.state.drawing) this.set({ drawing: false, problem: null });
  }

  /** Esc or Cancel: the drawing being made is dropped. */
  cancel(): void {
    this.set({ drawing: false, shapes: [], problem: null });
  }

  /** After the comment was posted, or the drawing removed from it. */
  clear(): void {
    this.cancel();
  }

  setTool(tool: DrawingTool): void {
    this.set({ tool });
  }

  setColor(color: DrawingColor): void {
    this.set({ color });
  }

  /** Adds a finished shape unless the drawing would pass a limit (then says which). */
  add(shape: DrawingShape): boolean {
    const problem = drawingProblem({ shapes: [...this.state.shapes, shape] });
    if (problem) {
      this.set({ problem });
      return false;
    }
    this.set({ shapes: [...this.state.shapes, shape], problem: null });
    return true;
  }

  undo(): void {
    this.set({ shapes: this.state.shapes.slice(0, -1), problem: null });
  }

  /** The drawing to post with the comment, or null when nothing was drawn. */
  draft(): Drawing | null {
    return this.state.shapes.length > 0 ? { shapes: [...this.state.shapes] } : null;
  }

  /** Shows a comment's drawing (null: none selected). */
  select(selected: TimedDrawing | null): void {
    this.set({ selected });
  }

  setTimed(timed: readonly TimedDrawing[]): void {
    this.set({ timed });
  }

  setAspect(aspect: number | null): void {
    if (aspect !== this.state.aspect) this.set({ aspect });
  }

  /** An overlay draws this board while mounted; returns the detach. */
  attachLayer(): () => void {
    this.set({ layers: this.state.layers + 1 });
    return () => this.set({ layers: Math.max(0, this.state.layers - 1) });
  }
}

/**
 * What the overlay shows when nobody is drawing: the shapes being made (after Done), else the
 * selected comment's drawing, else the drawings whose moment playback is passing (± the window).
 */
export function shownDrawings(state: BoardState, time: number | null): Drawing[] {
  if (state.shapes.length > 0) return [{ shapes: [...state.shapes] }];
  if (state.selected) return [state.selected.drawing];
  if (time === null) return [];
  return state.timed
    .filter((t) => Math.abs(t.at - time) <= DRAWING_SHOW_WINDOW)
    .map((t) => t.drawing);
}
