import { DrawingBoard } from './drawing-board';

/**
 * The video dialog's player as the comments panel sees it (issue 18): its current time, a seek,
 * and a way to hear the time change. The dialog makes one per video and hands it to both the
 * player (which reports into it and serves its seeks) and the comments panel (which reads it),
 * so neither feature imports the other.
 */
export interface PlayerControls {
  seek: (seconds: number) => void;
  /** Pauses playback (to draw on the frame, issue 43); players that cannot be told ignore it. */
  pause?: () => void;
}

export class PlayerHandle {
  private controls: PlayerControls | null = null;
  private time: number | null = null;
  /** A seek asked for before the player was drawn (a notification's moment), done on attach. */
  private pending: number | null = null;
  private readonly listeners = new Set<() => void>();

  /**
   * @param tellsTime whether the player reports its time and takes seeks (YouTube, Vimeo, a
   *   file); Drive and Loom frames do not, so "Comment at" asks for the time instead.
   */
  constructor(readonly tellsTime: boolean) {}

  /** The drawing on this player's frame (issue 43), which the overlay and the composer share. */
  readonly board = new DrawingBoard();

  /** The player's last reported time in seconds, or null before it said any. */
  currentTime = (): number | null => this.time;

  /** Called by the player as its time moves. */
  report(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds === this.time) return;
    this.time = Math.max(0, seconds);
    this.listeners.forEach((listener) => listener());
  }

  /** The player serves seeks while it is drawn; returns the detach. */
  attach(controls: PlayerControls): () => void {
    this.controls = controls;
    if (this.pending !== null) controls.seek(this.pending);
    this.pending = null;
    return () => {
      if (this.controls === controls) this.controls = null;
    };
  }

  seek(seconds: number): void {
    const at = Math.max(0, seconds);
    if (this.controls) this.controls.seek(at);
    else this.pending = at;
    this.report(at);
  }

  /** Pauses the player, as far as it can be told to. */
  pause(): void {
    this.controls?.pause?.();
  }

  /** Pauses and starts drawing on the frame (the Draw control, the D key). */
  startDrawing(): void {
    this.pause();
    this.board.start();
  }

  /** For useSyncExternalStore: calls back when the time moves. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
}
