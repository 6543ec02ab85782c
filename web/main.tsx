import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './app/styles-critical.css';
import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

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
