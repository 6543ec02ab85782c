import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './app/styles-critical.css';
import { BOOT_SCRIPT_ID } from './app/boot';
import { FirstScreen } from './app/first-screen';
import { runNamedFilesInSteps } from './app/run-in-steps';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// A screen the server drew (ADR 0009) is hydrated once its code has run, a file a task
// (run-in-steps.ts); any other page, or one whose state cannot be read, is drawn here: the
// landing page at once, any other once the app's code is here (first-screen.tsx).
void (
  document.getElementById(BOOT_SCRIPT_ID)
    ? runNamedFilesInSteps()
        .then(() => import('./app/hydrate-drawn'))
        .then(({ hydrateDrawn }) => hydrateDrawn(root))
    : Promise.resolve(false)
).then((hydrated) => {
  if (hydrated) return;
  // The first render is a transition, so React draws the app in slices and a phone's main
  // thread stays free for input between them (Lighthouse total blocking time, issue 9 part 6).
  const reactRoot = createRoot(root);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <FirstScreen />
      </StrictMode>,
    );
  });
});
