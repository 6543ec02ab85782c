import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { LoadingState } from '../components/loading-state';
import { RequireAuth } from './guards/require-auth';
import { RequireKing } from './guards/require-king';
import { LandingRoute } from './routes/landing';
import { RouteErrorBoundary } from './routes/route-error';

/**
 * A route component loaded on first use, with the full Mantine stylesheet: the landing page
 * ships only what it needs so it stays small (Lighthouse mobile, DESIGN.md section 8).
 */
function lazyRoute<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => {
    const [, module] = await Promise.all([import('./full-styles'), load()]);
    return { default: module[name] as ComponentType };
  });
}

const LoginRoute = lazyRoute(() => import('./routes/login'), 'LoginRoute');
const RegisterRoute = lazyRoute(() => import('./routes/register'), 'RegisterRoute');
const ProfileRoute = lazyRoute(() => import('./routes/profile'), 'ProfileRoute');
const NotFoundRoute = lazyRoute(() => import('./routes/not-found'), 'NotFoundRoute');
const AppLayout = lazyRoute(() => import('./layouts/app-layout'), 'AppLayout');
const DashboardRoute = lazyRoute(() => import('./routes/dashboard'), 'DashboardRoute');
const AdminRoute = lazyRoute(() => import('./routes/admin'), 'AdminRoute');
const TeamRoute = lazyRoute(() => import('./routes/team'), 'TeamRoute');
const ManagedUserRoute = lazyRoute(() => import('./routes/managed-user'), 'ManagedUserRoute');
const AssignmentsRoute = lazyRoute(() => import('./routes/assignments'), 'AssignmentsRoute');
const InvoicingRoute = lazyRoute(() => import('./routes/invoicing'), 'InvoicingRoute');

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

function Root() {
  const { pathname } = useLocation();
  return (
    <>
      <PageStart />
      {/* Keyed by path so that an error on one page does not stick to the next. */}
      <RouteErrorBoundary key={pathname}>
        <Suspense fallback={<LoadingState label="Loading page..." standalone />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </>
  );
}

/** SPEC.md section 2, route table. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Root />}>
        <Route path="/" element={<LandingRoute />} />
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
    </Routes>
  );
}
