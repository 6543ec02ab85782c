/**
 * Runs `task` once the browser is idle, at the latest after `timeoutMs` (where the browser
 * cannot tell, after `timeoutMs / 2`); returns what cancels it. Work that the first screen does
 * not show waits here, so it runs in a task of its own after the screen's, not inside it
 * (Lighthouse total blocking time, ADR 0009).
 */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(() => task(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const timer = window.setTimeout(task, timeoutMs / 2);
  return () => window.clearTimeout(timer);
}
