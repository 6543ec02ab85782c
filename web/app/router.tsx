import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { LandingRoute } from './routes/landing';
import { DASHBOARD_LOADERS } from './routes/dashboard-loaders';
import { type ScreenModule, screenModulesFor } from './screen-modules';
import { readStoredUser } from '../lib/session-storage';

/** A route component loaded on first use (each screen is its own chunk). */
function lazyRoute<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => {
    const module = await load();
    return { default: module[name] as ComponentType };
  });
}

/**
 * Mantine, its stylesheet and the toasts, around every screen but the landing page: the landing
 * page is plain markup so a first visit downloads neither (Lighthouse mobile, DESIGN.md section 8).
 */
let shellLoaded = false;
const loadShell = () =>
  import('./mantine-shell').then((module) => {
    shellLoaded = true;
    return module;
  });
const MantineShell = lazyRoute(loadShell, 'MantineShell');
const LandingToasts = lazyRoute(loadShell, 'LandingToasts');

// The guards draw Mantine screens, so they load with the shell rather than with the landing page.
const load = {
  requireAuth: () => import('./guards/require-auth'),
  requireKing: () => import('./guards/require-king'),
  appLayout: () => import('./layouts/app-layout'),
  login: () => import('./routes/login'),
  register: () => import('./routes/register'),
  profile: () => import('./routes/profile'),
  notFound: () => import('./routes/not-found'),
  dashboard: () => import('./routes/dashboard'),
  admin: () => import('./routes/admin'),
  team: () => import('./routes/team'),
  managedUser: () => import('./routes/managed-user'),
  assignments: () => import('./routes/assignments'),
  invoicing: () => import('./routes/invoicing'),
};
const RequireAuth = lazyRoute(load.requireAuth, 'RequireAuth');
const RequireKing = lazyRoute(load.requireKing, 'RequireKing');
const LoginRoute = lazyRoute(load.login, 'LoginRoute');
const RegisterRoute = lazyRoute(load.register, 'RegisterRoute');
const ProfileRoute = lazyRoute(load.profile, 'ProfileRoute');
const NotFoundRoute = lazyRoute(load.notFound, 'NotFoundRoute');
const AppLayout = lazyRoute(load.appLayout, 'AppLayout');
const DashboardRoute = lazyRoute(load.dashboard, 'DashboardRoute');
const AdminRoute = lazyRoute(load.admin, 'AdminRoute');
const TeamRoute = lazyRoute(load.team, 'TeamRoute');
const ManagedUserRoute = lazyRoute(load.managedUser, 'ManagedUserRoute');
const AssignmentsRoute = lazyRoute(load.assignments, 'AssignmentsRoute');
const InvoicingRoute = lazyRoute(load.invoicing, 'InvoicingRoute');

/**
 * Opening the app at an inner address: fetch the shell, the guard, the layout and the page at
 * once, instead of one lazy level after the other (four round trips on a phone network before
 * the dashboard could draw). The lazy components then find the modules already there. The
 * server has already named these chunks in the page (modulepreload), so the browser may have
 * them before this runs.
 */
// The signed-in user's own dashboard, as stored from the last visit (the server checks the
// session as soon as the app runs; a wrong guess costs one unused download).
const storedRole = readStoredUser()?.role ?? null;
const screenLoaders: Record<ScreenModule, () => Promise<unknown>> = {
  shell: loadShell,
  ...load,
  ...DASHBOARD_LOADERS,
};
for (const screen of screenModulesFor(window.location.pathname, storedRole)) {
  // A failure shows when the lazy component asks again, inside the error boundary.
  screenLoaders[screen]().catch(() => undefined);
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

/** Shown when the app's code cannot load at all (e.g. a chunk gone after a deploy, offline). */
class ShellErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error) {
    console.error('The app could not load', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <main className="boot-screen" role="alert">
        <h1 className="boot-title">Something went wrong</h1>
        <p className="boot-text">The page could not be shown. Reloading usually helps.</p>
        <button type="button" className="boot-button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
      </main>
    );
  }
}

/** Plain markup: Mantine is what is being loaded. */
function BootLoading() {
  return (
    <main className="boot-screen">
      <p className="boot-text" role="status" aria-live="polite">
        Loading page...
      </p>
    </main>
  );
}

/** The landing page, with the app's toasts once the app has been loaded (e.g. 'Logged out'). */
function Landing() {
  const [withToasts] = useState(() => shellLoaded);
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

/** SPEC.md section 2, route table. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Root />}>
        <Route path="/" element={<Landing />} />
        <Route element={<MantineShell />}>
          <Route path="/login" element={<LoginRoute />} />
          <Route path="/register" element={<RegisterRoute />} />
          {/* The profile screen handles a signed-out visitor itself: it sends them to /login. */}
          <Route path="/profile" element={<ProfileRoute />} />
          <Route path="/king" element={<Navigate to="/dashboard" replace />} />
          <Route element={<RequireAuth />}>
            <Route element={<AppLayout />}>
              <Route path="/dashboard" element={<DashboardRoute />} />
              <Route path="/dashboard/team" element={<TeamRoute />} />
              <Route path="/dashboard/user/:userId" element={<ManagedUserRoute />} />
              <Route path="/dashboard/team/user/:userId" element={<ManagedUserRoute />} />
              <Route path="/admin" element={<AdminRoute />} />
              <Route path="/assignments" element={<AssignmentsRoute />} />
            </Route>
            <Route element={<RequireKing />}>
              <Route element={<AppLayout />}>
                <Route path="/invoicing" element={<InvoicingRoute />} />
              </Route>
            </Route>
          </Route>
          <Route path="*" element={<NotFoundRoute />} />
        </Route>
      </Route>
    </Routes>
  );
}
