import { createContext, useCallback, useContext, useMemo, useRef, useState } from 'react';

/**
 * The videos picked on a list or a board for a bulk change (issue 45): a click picks one, a
 * shift-click the range from the last one picked in the list's order, and "select all matching"
 * the ids the server lists for the filter (more than the page shows). Kept apart from the list so
 * that any view of the same videos (the cards, the board) can share it (VideoSelectionContext).
 */
export interface VideoSelection {
  /** The picked ids, in the order they were picked. */
  ids: readonly string[];
  isSelected: (id: string) => boolean;
  /** Picks or drops `id`; with `range`, everything from the last pick to it in `order`. */
  toggle: (id: string, opts?: { range?: boolean; order?: readonly string[] }) => void;
  /** Picks exactly `ids` (select all). */
  setAll: (ids: readonly string[]) => void;
  clear: () => void;
}

export function useVideoSelection(): VideoSelection {
  const [picked, setPicked] = useState<readonly string[]>([]);
  const anchor = useRef<string | null>(null);
  const set = useMemo(() => new Set(picked), [picked]);
  const toggle = useCallback<VideoSelection['toggle']>((id, opts = {}) => {
    const from = anchor.current;
    const order = opts.order ?? [];
    const start = from ? order.indexOf(from) : -1;
    const end = order.indexOf(id);
    setPicked((prev) => {
      const has = new Set(prev);
      if (opts.range && start >= 0 && end >= 0) {
        const [lo, hi] = start < end ? [start, end] : [end, start];
        // A range takes the state of its anchor: picked, it picks every video between.
        const adding = has.has(from!);
        const range = order.slice(lo, hi + 1);
        if (adding) return [...prev, ...range.filter((r) => !has.has(r))];
        const dropped = new Set(range);
        return prev.filter((p) => !dropped.has(p));
      }
      return has.has(id) ? prev.filter((p) => p !== id) : [...prev, id];
    });
    anchor.current = id;
  }, []);
  const setAll = useCallback((ids: readonly string[]) => setPicked([...new Set(ids)]), []);
  const clear = useCallback(() => {
    anchor.current = null;
    setPicked([]);
  }, []);
  return useMemo(
    () => ({ ids: picked, isSelected: (id: string) => set.has(id), toggle, setAll, clear }),
    [picked, set, toggle, setAll, clear],
  );
}

/** A selection handed down to the cards of a list or a board; null: nothing is selectable. */
export const VideoSelectionContext = createContext<VideoSelection | null>(null);

export const useVideoSelectionContext = () => useContext(VideoSelectionContext);
