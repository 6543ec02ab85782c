import { useWidthQuery } from './use-width-query';

/** Mantine's sm breakpoint in em: below it `hiddenFrom="sm"` parts show (a phone). */
const SM = 48;

/**
 * Below Mantine's sm breakpoint (48em), where `hiddenFrom="sm"` parts show: a phone. Known from
 * the first render (so a desktop never draws the phone layout for a frame).
 */
export function usePhoneLayout(): boolean {
  return useWidthQuery('max', SM - 0.01);
}

/**
 * Whether the browser's screen is a phone's right now, measured (null where there is no
 * window): for a choice made once, which must not take the server's drawn-width guess that
 * usePhoneLayout gives until its first effect.
 */
export function phoneNow(): boolean | null {
  if (typeof window === 'undefined' || !window.matchMedia) return null;
  return window.matchMedia(`(max-width: ${SM - 0.01}em)`).matches;
}

/**
 * At or above Mantine's sm breakpoint: where a table's columns fit. Not `!usePhoneLayout()`
 * because a browser whose width is not yet known (jsdom) matches neither: it gets the phone's
 * stacked layout, which reads at any width.
 */
export function useDesktopLayout(): boolean {
  return useWidthQuery('min', SM);
}
