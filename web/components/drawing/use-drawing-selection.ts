import { useEffect, useSyncExternalStore } from 'react';
import type { Drawing } from '@domain/drawing';
import { frameToSeconds, type FrameRate } from '@domain/timecode';
import type { PlayerHandle } from '../../lib/player-handle';

/** A comment as its drawing needs it: its id, its moment (a frame at its version's rate). */
interface DrawnComment {
  id: string;
  frame: number | null;
  drawing: Drawing | null;
}

const noBoard = () => () => {};

/** Its moment in seconds: its frame at the rate; null when it has no time. */
const momentOf = (c: DrawnComment, rate: FrameRate) =>
  c.frame === null ? null : frameToSeconds(c.frame, rate);
const noSelection = () => '|false';

/**
 * The comments' drawings on the player's frame (issue 43), for the app's comments and the guest
 * page alike: each drawn comment with a moment is shown as playback passes it; "Show drawing"
 * selects one (the player pauses and seeks to its moment) and shows it until it is hidden or
 * another is chosen. Answers, per comment, the props of its Show drawing toggle (none when the
 * player draws no overlay or the comment has no drawing). `frameRate`: the rate of the version
 * the comments are on, at which their frames turn into seconds.
 */
export function useDrawingSelection(
  player: PlayerHandle | null,
  comments: readonly DrawnComment[] | undefined,
  frameRate: FrameRate,
) {
  const board = player?.board ?? null;
  // "<selected id>|<drawn>": re-renders when the selection changes or the overlay comes.
  const [selectedId, drawn] = useSyncExternalStore(
    board?.subscribe ?? noBoard,
    () => `${board?.getState().selected?.id ?? ''}|${(board?.getState().layers ?? 0) > 0}`,
    noSelection,
  ).split('|');
  useEffect(() => {
    if (!board) return;
    board.setTimed(
      (comments ?? []).flatMap((c) => {
        const at = momentOf(c, frameRate);
        return c.drawing && at !== null ? [{ id: c.id, at, drawing: c.drawing }] : [];
      }),
    );
    return () => board.setTimed([]);
  }, [board, comments, frameRate]);
  return (c: DrawnComment): { drawingShown?: boolean; onShowDrawing?: () => void } => {
    const drawing = c.drawing;
    if (!player || !drawing || drawn !== 'true') return {};
    return {
      drawingShown: selectedId === c.id,
      onShowDrawing: () => {
        if (selectedId === c.id) return player.board.select(null);
        const at = momentOf(c, frameRate);
        player.pause();
        if (at !== null && player.tellsTime) player.seek(at);
        player.board.select({ id: c.id, at: at ?? 0, drawing });
      },
    };
  };
}
