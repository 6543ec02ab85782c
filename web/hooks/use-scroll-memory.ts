import { useEffect } from 'react';
import {
  SCROLL_RESTORE_DELAY_MS,
  SCROLL_SAVE_DEBOUNCE_MS,
  SCROLL_SAVE_MIN_PX,
} from '@domain/preferences';
import { usePreferences } from './use-preferences';

/**
 * Remembers how far down a dashboard the user was (docs/product.md#screens): saved once at least
 * 100 px are scrolled, 500 ms after scrolling stops; restored 300 ms after the list is ready.
 */
export function useScrollMemory(ready: boolean) {
  const { preferences, update } = usePreferences();
  const saved = preferences.lastScrollPosition;

  useEffect(() => {
    if (!ready || saved < SCROLL_SAVE_MIN_PX) return;
    const timer = setTimeout(() => window.scrollTo({ top: saved }), SCROLL_RESTORE_DELAY_MS);
    return () => clearTimeout(timer);
    // Restore once per ready list, not every time a new position is saved.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready]);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const y = Math.round(window.scrollY);
        // Near the top counts as the top: nothing to restore.
        update(() => ({ lastScrollPosition: y >= SCROLL_SAVE_MIN_PX ? y : 0 }));
      }, SCROLL_SAVE_DEBOUNCE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener('scroll', onScroll);
    };
  }, [update]);
}
