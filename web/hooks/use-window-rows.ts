import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useContext, useLayoutEffect, useRef, useState } from 'react';
import { DrawnWidth } from '../lib/drawn-width';

/** The screen a page drawn by the server assumes: as tall as a phone's, or a laptop's. */
const drawnRect = (width: number) => ({ width, height: width < 768 ? 844 : 900 });

/**
 * Window-scrolled virtual rows: only rows near the screen are rendered. Returns the element
 * ref marking where the list starts (content above it may change height) and the virtualizer;
 * `overscan` rows are kept beyond the screen, `gap` pixels apart.
 */
export function useWindowRows<E extends HTMLElement>(
  count: number,
  estimate: number,
  { overscan = 8, gap = 0 }: { overscan?: number; gap?: number } = {},
) {
  const ref = useRef<E>(null);
  const [offset, setOffset] = useState(0);
  // In a page the server drew, the first render draws the rows of the server's screen.
  const drawn = useContext(DrawnWidth);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- after every render on purpose; the equality check stops the loop
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const top = Math.round(el.getBoundingClientRect().top + window.scrollY);
    if (top !== offset) setOffset(top);
  });
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => estimate,
    overscan,
    scrollMargin: offset,
    gap,
    ...(drawn === null ? {} : { initialRect: drawnRect(drawn), initialOffset: 0 }),
  });
  return { ref, virtualizer };
}
