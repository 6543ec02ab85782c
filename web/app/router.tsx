import { lazy, Suspense, useEffect, useRef, useState, type ReactElement } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { BOOT_SCRIPT_ID } from './boot';
import { BootLoading, ShellErrorBoundary } from './boot-screen';
import { LandingRoute } from './routes/landing';
import { lazyScreen, loadScreen, screenLoaded } from './lazy-screen';
import {
  ACCESS,
  REDIRECTS,
  ROUTES,
  screenModulesFor,
  type Access,
  type ScreenModule,
} from './screen-modules';
import { readStoredUser } from '../lib/session-storage';

/**
 * Mantine, its stylesheet and the toasts, around every screen but the landing page: the landing
 * page is plain markup so a first visit downloads neither (Lighthouse mobile, docs/architecture.md#facts-about-the-tools).
 */
const MantineShell = lazyScreen('shell');
const LandingToasts = lazy(() =>
  import('./mantine-shell').then((m) => ({ default: m.LandingToasts })),
);

/**
 * Opening the app at an inner address: fetch the shell, the guard, the layout and the page at
 * once, instead of one lazy level after the other (four round trips on a phone network before
 * the dashboard could draw). The lazy components then find the modules already there. The
 * server has already named these chunks in the page (modulepreload), so the browser may have
 * them before this runs. With the signed-in user's own dashboard, as stored from the last visit
 * (the server checks the session as soon as the app runs; a wrong guess costs one unused
 * download). Also what the landing page drawn before the app waits for before it hands over to
 * the app (first-screen.tsx), so the next screen draws at once.
 */
export function loadScreensHere(): Promise<unknown> {
  const storedRole = readStoredUser()?.role ?? null;
  return Promise.all(screenModulesFor(window.location.pathname, storedRole).map(loadScreen));
}

// On the server (server-render.tsx) there is no address yet: it loads the screen's modules itself,
// and so does the browser's hydration of a page the server drew (hydrate-drawn.tsx), in steps.
if (typeof window !== 'undefined' && !document.getElementById(BOOT_SCRIPT_ID)) {
  // A failure shows when the lazy component asks again, inside the error boundary.
  loadScreensHere().catch(() => undefined);
}

function Screen({ name }: { name: ScreenModule }) {
  const Loaded = lazyScreen(name);
  return <Loaded />;
}

/** The routes open to `access`, inside the modules around them (ACCESS), outermost first. */
function routesFor(access: Access): ReactElement {
  const routes = ROUTES.filter((route) => route.access === access).map((route) => (
    <Route key={route.path} path={route.path} element={<Screen name={route.screen} />} />
  ));
  return ACCESS[access].reduceRight<ReactElement>(
    (inner, frame) => <Route element={<Screen name={frame} />}>{inner}</Route>,
    <>{routes}</>,
  );
}

/**
 * A new page starts at the top, and so does keyboard focus: otherwise Tab would continue from
 * wherever the control that caused the navigation (now gone) used to be.
 */
function PageStart() {
  const { pathname } = useLocation();
  const start = useRef<HTMLDivElement>(null);
  const first = useRef(true);
  useEffect(() => {
    window.scrollTo(0, 0);
    if (first.current) {
      first.current = false;
      return;
    }
    start.current?.focus({ preventScroll: true });
  }, [pathname]);
  return <div ref={start} tabIndex={-1} style={{ outline: 'none' }} />;
}

/** The landing page, with the app's toasts once the app has been loaded (e.g. 'Logged out'). */
function Landing() {
  const [withToasts] = useState(() => screenLoaded('shell'));
  return (
    <>
      <LandingRoute />
      {withToasts && (
        <Suspense fallback={null}>
          <LandingToasts />
        </Suspense>
      )}
    </>
  );
}

function Root() {
  return (
    <>
      <PageStart />
      <ShellErrorBoundary>
        <Suspense fallback={<BootLoading />}>
          <Outlet />
        </Suspense>
      </ShellErrorBoundary>
    </>
  );
}

/** The route table (screen-modules.ts). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Root />}>
        <Route path="/" element={<Landing />} />
        <Route element={<MantineShell />}>
          {REDIRECTS.map(({ from, to }) => (
            <Route key={from} path={from} element={<Navigate to={to} replace />} />
          ))}
          {routesFor('anyone')}
          {routesFor('signedIn')}
          {routesFor('king')}
          <Route path="*" element={<Screen name="notFound" />} />
        </Route>
      </Route>
    </Routes>
  );
}
