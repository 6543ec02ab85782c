import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import './app/styles-critical.css';
import { App } from './app/app';
import { readBoot } from './app/boot';
import { loadScreen } from './app/lazy-screen';
import { screenModulesFor } from './app/screen-modules';
import { queryClient } from './lib/query-client';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

const boot = readBoot();
if (boot) {
  // The server drew this screen (ADR 0009): hydrate it with the answers and the user it was drawn
  // from, once the screen's modules are here, so the first render is the server's and nothing
  // on the screen changes.
  hydrate(queryClient, boot.queries);
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
  const screens = screenModulesFor(window.location.pathname, boot.user.role);
  void Promise.all(screens.map(loadScreen))
    .catch(() => undefined)
    .then(() => {
      // In a transition, React hydrates in slices and a phone's main thread stays free for input
      // between them, as for the first render below.
      startTransition(() => {
        hydrateRoot(
          root,
          <StrictMode>
            <App boot={boot} onLeave={() => drawn.clear()} />
          </StrictMode>,
          {
            // A page that did not hydrate as drawn (React then draws that part again): say so, so
            // the browser suite sees it (e2e/first-paint.e2e.ts).
            onRecoverableError: (error) =>
              console.error('The page did not hydrate as drawn', error),
          },
        );
      });
    });
} else {
  // The first render is a transition, so React draws the app in slices and a phone's main thread
  // stays free for input between them (Lighthouse total blocking time, issue 9 part 6).
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
