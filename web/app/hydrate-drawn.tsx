import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition, useEffect, useRef } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { useLocation } from 'react-router';
import { tagAnswer } from '../lib/api-client';
import { leaveDrawnPage } from '../lib/drawn-page';
import { queryClient } from '../lib/query-client';
import { App } from './app';
import { BOOT_SCRIPT_ID, type BootState } from './boot';
import { loadScreen } from './lazy-screen';
import { screenModulesFor, type ScreenModule } from './screen-modules';

/** The state the server drew this page with, or null for a page it did not draw. */
export function readBoot(): BootState | null {
  const text = document.getElementById(BOOT_SCRIPT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as BootState;
  } catch (error) {
    console.error('Ignoring an unreadable server state', error);
    return null;
  }
}

/**
 * Calls `onLeave` once the address first changes (not when the page opens). It hydrates with
 * the page's frame, before the screen (ScreenHydrated, screen-hydrated.tsx, says when that has).
 */
function Leaving({ onLeave }: { onLeave: () => void }) {
  const { pathname, search } = useLocation();
  const opened = useRef(`${pathname}${search}`);
  useEffect(() => {
    if (`${pathname}${search}` !== opened.current) onLeave();
  }, [pathname, search, onLeave]);
  return null;
}

/**
 * Loads the screen's modules, which main.tsx has already run a file a task (run-in-steps.ts),
 * so this only hands them to the lazy screens. A failure shows when the lazy component asks
 * again, inside the error boundary.
 */
async function loadScreens(screens: ScreenModule[]) {
  try {
    await Promise.all(screens.map(loadScreen));
  } catch {
    // As above.
  }
}

/**
 * Hydrates a page the server drew (ADR 0009) with the answers and the user it was drawn from,
 * once the screen's modules are here, so the first render is the server's and nothing on the
 * screen changes. Its own chunk: the landing page, which the server never draws, does not
 * download it. Returns false when the page's state cannot be read (main.tsx then draws).
 */
export async function hydrateDrawn(root: HTMLElement): Promise<boolean> {
  const boot = readBoot();
  if (!boot) return false;
  hydrate(queryClient, boot.queries);
  for (const [hash, tag] of Object.entries(boot.tags ?? {})) {
    tagAnswer(queryClient.getQueryCache().get(hash)?.state.data, tag);
  }
  // The server read these answers for this very page: the screen it drew takes them as its
  // first fetch instead of asking again while it hydrates (its parts hydrate one Suspense
  // boundary after the other, and each must draw as the server did, not 'fetching'). Once the
  // user moves on (another address or tab), mounts refetch as always.
  const drawn = new Set(queryClient.getQueryCache().getAll());
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({
    ...defaults,
    queries: { ...defaults.queries, refetchOnMount: (query) => !drawn.has(query) },
  });
  await loadScreens(screenModulesFor(window.location.pathname, boot.user?.role ?? null));
  // In a transition, React hydrates in slices and a phone's main thread stays free for input
  // between them, as for a first render drawn in the browser (main.tsx).
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <App boot={boot}>
          <Leaving
            onLeave={() => {
              drawn.clear();
              leaveDrawnPage();
            }}
          />
        </App>
      </StrictMode>,
      {
        // A page that did not hydrate as drawn (React then draws that part again): say so, so
        // the browser suite sees it (e2e/first-paint.e2e.ts).
        onRecoverableError: (error) => console.error('The page did not hydrate as drawn', error),
      },
    );
  });
  return true;
}
