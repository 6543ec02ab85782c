/**
 * What the server hands the browser with a page it has drawn (ADR 0009): the signed-in user it
 * drew the page for, the answers the page was drawn from (TanStack Query's dehydrated state)
 * and the screen width and moment it assumed. The browser hydrates the page from exactly these, so its
 * first render is the server's. Written by web/app/server-render.tsx, read by web/app/hydrate-drawn.tsx.
 */
import type { DehydratedState } from '@tanstack/react-query';
import type { Preferences } from '@domain/preferences';
import type { PublicUser } from '@domain/user';

export interface BootState {
  /** Null on a guest's page (the review page). */
  user: PublicUser | null;
  queries: DehydratedState;
  /** The width in CSS pixels the page was drawn for (web/lib/drawn-width.ts). */
  width: number;
  /** When the page was drawn, in ms since the epoch (web/lib/clock.ts). */
  drawnAt?: number;
  /** The preferences the page was drawn with (web/lib/drawn-page.ts). */
  preferences?: Preferences;
  /**
   * The ETag of each answer, by its query's hash, so the browser's next read of it can be
   * confirmed with a 304 rather than sent whole (web/lib/api-client.ts).
   */
  tags?: Record<string, string>;
}

export const BOOT_SCRIPT_ID = 'vw-boot';

/**
 * Beside the state, the app's and the screen's script files a drawn page needs and the entry
 * does not load, each after the files it imports (web/app/run-in-steps.ts runs them one a task
 * before hydrate-drawn.tsx hydrates; server/plugins/web-page.ts names them).
 */
export const CHUNKS_SCRIPT_ID = 'vw-chunks';

/**
 * `value` as a script element's JSON that no data can end early: `<` (as in `</script>` or
 * `<!--`), `>` and `&` are written as JSON escapes, and so are U+2028 and U+2029.
 */
export function jsonScript(id: string, value: unknown): string {
  const json = JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/json" id="${id}">${json}</script>`;
}

/** The state as its script element (jsonScript). */
export const bootScript = (state: BootState): string => jsonScript(BOOT_SCRIPT_ID, state);
