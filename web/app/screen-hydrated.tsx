import { useEffect } from 'react';

/**
 * Marks the page as hydrated (`<html data-hydrated>`) once the screen it sits beside has: until
 * then a screen the server drew shows but does not answer clicks and keys (the browser suite
 * waits for it, e2e/support/browser.ts). Rendered inside the screen's own Suspense boundary,
 * which React hydrates after the page's frame (a dashboard's header), at a lower priority.
 */
export function ScreenHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}
