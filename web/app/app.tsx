import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import type { BootState } from './boot';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/** For the landing page drawn before the app, which hands over to it (first-screen.tsx). */
export { loadScreensHere } from './router';

/**
 * The app in the browser; `boot` when it hydrates a page the server drew (ADR 0009), with
 * `children` drawn inside the router beside the routes (hydrate-drawn.tsx).
 */
export function App({ boot = null, children }: { boot?: BootState | null; children?: ReactNode }) {
  return (
    <AppProvider
      checkedUser={boot?.user ?? null}
      drawnWidth={boot?.width ?? null}
      drawnAt={boot?.drawnAt ?? null}
      drawnPreferences={boot?.preferences ?? null}
    >
      <BrowserRouter>
        {children}
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
