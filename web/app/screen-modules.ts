/**
 * The app's addresses and the code behind each (docs/product.md#screens, route table), written once.
 * The router draws its routes from ROUTES and loads each screen through SCREENS (router.tsx);
 * the server names the files of an address's screens in the page it sends, so a phone starts
 * downloading them before any script has run (server/plugins/web-page.ts, screenModulesFor).
 * The server reads only the paths and sources here; the imports run in the browser.
 * screen-modules.test.ts checks that each source is the module its loader imports, and the
 * browser suite that the build has a chunk for each (e2e/first-load.e2e.ts).
 */
import type { ComponentType } from 'react';
import { normalizeRole } from '@domain/roles';

/**
 * The app around every screen (app.tsx: the router, the query client, the session), as Vite's
 * build manifest names its chunk. Every page but the landing page loads it first
 * (first-screen.tsx, hydrate-drawn.tsx), and the server names its files in the pages it does
 * not draw (server/plugins/web-page.ts); the landing page is drawn without it, so the entry
 * leaves it out.
 */
export const APP_SOURCE = 'app/app.tsx';

/**
 * The code that hydrates a page the server drew (hydrate-drawn.tsx), as the manifest names its
 * chunk: the server names its files with the app's and the screen's for such a page.
 */
export const HYDRATION_SOURCE = 'app/hydrate-drawn.tsx';

/** A module loaded on its own (its own chunk): its source, as Vite's build manifest names it. */
interface Screen {
  source: string;
  load: () => Promise<ComponentType>;
}

export const SCREENS = {
  shell: {
    source: 'app/mantine-shell.tsx',
    load: () => import('./mantine-shell').then((m) => m.MantineShell),
  },
  requireAuth: {
    source: 'app/guards/require-auth.tsx',
    load: () => import('./guards/require-auth').then((m) => m.RequireAuth),
  },
  requireKing: {
    source: 'app/guards/require-king.tsx',
    load: () => import('./guards/require-king').then((m) => m.RequireKing),
  },
  appLayout: {
    source: 'app/layouts/app-layout.tsx',
    load: () => import('./layouts/app-layout').then((m) => m.AppLayout),
  },
  login: {
    source: 'app/routes/login.tsx',
    load: () => import('./routes/login').then((m) => m.LoginRoute),
  },
  register: {
    source: 'app/routes/register.tsx',
    load: () => import('./routes/register').then((m) => m.RegisterRoute),
  },
  profile: {
    source: 'app/routes/profile.tsx',
    load: () => import('./routes/profile').then((m) => m.ProfileRoute),
  },
  review: {
    source: 'app/routes/review.tsx',
    load: () => import('./routes/review').then((m) => m.ReviewRoute),
  },
  notFound: {
    source: 'app/routes/not-found.tsx',
    load: () => import('./routes/not-found').then((m) => m.NotFoundRoute),
  },
  dashboard: {
    source: 'app/routes/dashboard.tsx',
    load: () => import('./routes/dashboard').then((m) => m.DashboardRoute),
  },
  admin: {
    source: 'app/routes/admin.tsx',
    load: () => import('./routes/admin').then((m) => m.AdminRoute),
  },
  team: {
    source: 'app/routes/team.tsx',
    load: () => import('./routes/team').then((m) => m.TeamRoute),
  },
  managedUser: {
    source: 'app/routes/managed-user.tsx',
    load: () => import('./routes/managed-user').then((m) => m.ManagedUserRoute),
  },
  assignments: {
    source: 'app/routes/assignments.tsx',
    load: () => import('./routes/assignments').then((m) => m.AssignmentsRoute),
  },
  calendar: {
    source: 'app/routes/calendar.tsx',
    load: () => import('./routes/calendar').then((m) => m.CalendarRoute),
  },
  invoicing: {
    source: 'app/routes/invoicing.tsx',
    load: () => import('./routes/invoicing').then((m) => m.InvoicingRoute),
  },
  myPayouts: {
    source: 'app/routes/my-payouts.tsx',
    load: () => import('./routes/my-payouts').then((m) => m.MyPayoutsRoute),
  },
  // Each role's dashboard is its own chunk, so a client does not download the lead and editor
  // dashboards (and their virtualised grid). /dashboard names the signed-in user's one.
  leadDashboard: {
    source: 'app/routes/lead-dashboard.tsx',
    load: () => import('./routes/lead-dashboard').then((m) => m.LeadDashboardScreen),
  },
  clientDashboard: {
    source: 'app/routes/client-dashboard.tsx',
    load: () => import('./routes/client-dashboard').then((m) => m.ClientDashboardScreen),
  },
  editorDashboard: {
    source: 'features/editor-dashboard/components/editor-dashboard.tsx',
    load: () =>
      import('../features/editor-dashboard/components/editor-dashboard').then(
        (m) => m.EditorDashboard,
      ),
  },
  teamLeadDashboard: {
    source: 'features/team-lead-dashboard/components/team-lead-dashboard.tsx',
    load: () =>
      import('../features/team-lead-dashboard/components/team-lead-dashboard').then(
        (m) => m.TeamLeadDashboard,
      ),
  },
} satisfies Record<string, Screen>;
export type ScreenModule = keyof typeof SCREENS;

/** Each screen module's source (the key of its chunk in Vite's build manifest). */
export const SCREEN_SOURCES = Object.fromEntries(
  Object.entries(SCREENS).map(([name, screen]) => [name, screen.source]),
) as Record<ScreenModule, string>;

/**
 * Who may open an address, as the modules around its screen, outermost first: every screen
 * but the landing page runs inside the Mantine shell; the signed-in ones also behind the guard
 * and inside the app layout, the King's behind the King guard too.
 */
export const ACCESS = {
  anyone: [],
  signedIn: ['requireAuth', 'appLayout'],
  king: ['requireAuth', 'requireKing', 'appLayout'],
} as const satisfies Record<string, readonly ScreenModule[]>;
export type Access = keyof typeof ACCESS;

/**
 * docs/product.md#screens, route table; a path as React Router reads it (`:name` is one segment). The
 * landing page ('/') is plain markup in the entry and is not listed; any address not listed
 * shows the notFound screen.
 */
export const ROUTES: readonly { path: string; screen: ScreenModule; access: Access }[] = [
  { path: '/login', screen: 'login', access: 'anyone' },
  { path: '/register', screen: 'register', access: 'anyone' },
  // A review link (issue 19): for people without an account, never a sign-in redirect.
  { path: '/review/:token', screen: 'review', access: 'anyone' },
  // The profile screen handles a signed-out visitor itself: it sends them to /login.
  { path: '/profile', screen: 'profile', access: 'anyone' },
  { path: '/dashboard', screen: 'dashboard', access: 'signedIn' },
  { path: '/dashboard/team', screen: 'team', access: 'signedIn' },
  { path: '/dashboard/user/:userId', screen: 'managedUser', access: 'signedIn' },
  { path: '/dashboard/team/user/:userId', screen: 'managedUser', access: 'signedIn' },
  { path: '/admin', screen: 'admin', access: 'signedIn' },
  { path: '/assignments', screen: 'assignments', access: 'signedIn' },
  { path: '/calendar', screen: 'calendar', access: 'signedIn' },
  { path: '/invoicing', screen: 'invoicing', access: 'king' },
  // An editor's own payouts (issue 44); the page tells anyone else it is not theirs.
  { path: '/payouts', screen: 'myPayouts', access: 'signedIn' },
];

/** Old addresses that now live elsewhere. */
export const REDIRECTS: readonly { from: string; to: string }[] = [
  { from: '/king', to: '/dashboard' },
];

/**
 * docs/product.md#screens: editor; lead_editor and king; a client team lead its own (the videos of the
 * clients it leads, issue 14); everyone else (unknown roles too) client.
 */
export function dashboardOf(
  role: string,
): 'clientDashboard' | 'editorDashboard' | 'leadDashboard' | 'teamLeadDashboard' {
  switch (normalizeRole(role)) {
    case 'editor':
      return 'editorDashboard';
    case 'lead_editor':
    case 'king':
      return 'leadDashboard';
    case 'client_team_lead':
      return 'teamLeadDashboard';
    default:
      return 'clientDashboard';
  }
}

/** Whether `path` is an address of `pattern`, as React Router matches (case does not count). */
function matches(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const got = path.split('/');
  return (
    want.length === got.length &&
    want.every((segment, i) =>
      segment.startsWith(':') ? got[i] !== '' : segment.toLowerCase() === got[i]?.toLowerCase(),
    )
  );
}

/**
 * The modules an address needs, the Mantine shell first; none for the landing page, which is
 * plain markup. With the signed-in user's role, /dashboard also names that role's dashboard.
 * Trailing slashes do not count.
 */
export function screenModulesFor(pathname: string, role?: string | null): ScreenModule[] {
  const trimmed = pathname.replace(/\/+$/, '') || '/';
  if (trimmed === '/') return [];
  const path = REDIRECTS.find((r) => matches(r.from, trimmed))?.to ?? trimmed;
  const route = ROUTES.find((r) => matches(r.path, path));
  if (!route) return ['shell', 'notFound'];
  const own = role && route.screen === 'dashboard' ? [dashboardOf(role)] : [];
  return ['shell', ...ACCESS[route.access], route.screen, ...own];
}
