import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { Suspense, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { LoadingState } from '../components/loading-state';
import './full-styles';
import toasts from './layouts/toasts.module.css';
import { RouteErrorBoundary } from './routes/route-error';
import { cssVariablesResolver, theme } from './theme';

/**
 * Mantine, its full stylesheet and the toasts: everything but the landing page runs inside it.
 * It is its own chunk so the landing page (plain markup, see routes/landing-page.tsx) loads none of
 * it (Lighthouse mobile, issue 9 part 6).
 */
function MantineRoot({ children }: { children: ReactNode }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
    >
      {/* One toast at a time (docs/product.md#errors), above the phone's bottom bar. */}
      <Notifications limit={1} position="bottom-right" zIndex={1000} className={toasts.toasts} />
      {children}
    </MantineProvider>
  );
}

/** The layout route around every screen but the landing page. */
export function MantineShell() {
  const { pathname } = useLocation();
  return (
    <MantineRoot>
      {/* Keyed by path so that an error on one page does not stick to the next. */}
      <RouteErrorBoundary key={pathname}>
        <Suspense fallback={<LoadingState label="Loading page..." standalone />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </MantineRoot>
  );
}

/**
 * Toasts over the landing page, for a visitor who arrives there from inside the app (e.g.
 * 'Logged out'): the notifications store outlives the shell, so the toast shown on the way out
 * appears here.
 */
export function LandingToasts() {
  return <MantineRoot>{null}</MantineRoot>;
}
