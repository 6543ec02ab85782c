import { BrowserRouter } from 'react-router';
import type { BootState } from './boot';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/** The app in the browser; `boot` when it hydrates a page the server drew (ADR 0009). */
export function App({ boot = null }: { boot?: BootState | null }) {
  return (
    <AppProvider checkedUser={boot?.user ?? null} drawnWidth={boot?.width ?? null}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
