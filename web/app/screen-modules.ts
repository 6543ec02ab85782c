/**
 * Which code each address of the app needs, by source module: read by the router (to fetch a
 * screen's chunks at once, instead of one lazy level after another) and by the server (to name
 * those chunks in the page it sends, so a phone starts downloading them before any script has
 * run; server/plugins/web.ts). Plain data and rules, safe for both sides.
 */
import { normalizeRole } from '../../domain/roles';

export const SCREEN_SOURCES = {
  shell: 'app/mantine-shell.tsx',
  requireAuth: 'app/guards/require-auth.tsx',
  requireKing: 'app/guards/require-king.tsx',
  appLayout: 'app/layouts/app-layout.tsx',
  login: 'app/routes/login.tsx',
  register: 'app/routes/register.tsx',
  profile: 'app/routes/profile.tsx',
  notFound: 'app/routes/not-found.tsx',
  dashboard: 'app/routes/dashboard.tsx',
  admin: 'app/routes/admin.tsx',
  team: 'app/routes/team.tsx',
  managedUser: 'app/routes/managed-user.tsx',
  assignments: 'app/routes/assignments.tsx',
  invoicing: 'app/routes/invoicing.tsx',
  clientDashboard: 'features/client-dashboard/components/client-dashboard.tsx',
  editorDashboard: 'features/editor-dashboard/components/editor-dashboard.tsx',
  leadDashboard: 'features/lead-dashboard/components/lead-dashboard.tsx',
  teamLeadDashboard: 'features/team-lead-dashboard/components/team-lead-dashboard.tsx',
} as const;
export type ScreenModule = keyof typeof SCREEN_SOURCES;

/** The modules each address needs besides the shell, in route-table order (first match wins). */
const SCREENS_BY_PATH: [RegExp, ScreenModule[]][] = [
  [/^\/login$/, ['login']],
  [/^\/register$/, ['register']],
  [/^\/profile$/, ['profile']],
  [/^\/dashboard$/, ['requireAuth', 'appLayout', 'dashboard']],
  [/^\/dashboard\/team$/, ['requireAuth', 'appLayout', 'team']],
  [/^\/dashboard(\/team)?\/user\/[^/]+$/, ['requireAuth', 'appLayout', 'managedUser']],
  [/^\/admin$/, ['requireAuth', 'appLayout', 'admin']],
  [/^\/assignments$/, ['requireAuth', 'appLayout', 'assignments']],
  [/^\/invoicing$/, ['requireAuth', 'requireKing', 'appLayout', 'invoicing']],
];

/**
 * SPEC.md section 2: editor; lead_editor and king; a client team lead its own (the videos of the
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

/**
 * The modules an address needs, the Mantine shell first; none for the landing page, which is
 * plain markup. With the signed-in user's role, /dashboard also names that role's dashboard
 * (each is its own chunk). Trailing slashes do not count.
 */
export function screenModulesFor(pathname: string, role?: string | null): ScreenModule[] {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return [];
  const screens = SCREENS_BY_PATH.find(([pattern]) => pattern.test(path))?.[1] ?? ['notFound'];
  const own: ScreenModule[] = role && screens.includes('dashboard') ? [dashboardOf(role)] : [];
  return ['shell', ...screens, ...own];
}
