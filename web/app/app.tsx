import { useEffect, useRef } from 'react';
import { BrowserRouter, useLocation } from 'react-router';
import type { BootState } from './boot';
import { AppProvider } from './provider';
import { AppRoutes } from './router';

/** Calls `onLeave` once the address first changes (not when the page opens). */
function Leaving({ onLeave }: { onLeave: () => void }) {
  const { pathname, search } = useLocation();
  const opened = useRef(`${pathname}${search}`);
  useEffect(() => {
    if (`${pathname}${search}` !== opened.current) onLeave();
  }, [pathname, search, onLeave]);
  return null;
}

/**
 * The app in the browser; `boot` when it hydrates a page the server drew (ADR 0009), and
 * `onLeave` when the user first moves on from the screen the server drew.
 */
export function App({ boot = null, onLeave }: { boot?: BootState | null; onLeave?: () => void }) {
  return (
    <AppProvider checkedUser={boot?.user ?? null} drawnWidth={boot?.width ?? null}>
      <BrowserRouter>
        {onLeave && <Leaving onLeave={onLeave} />}
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
