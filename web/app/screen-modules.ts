/**
 * Which code each address of the app needs, by source module: read by the router (to fetch a
 * screen's chunks at once, instead of one lazy level after another) and by the server (to name
 * those chunks in the page it sends, so a phone starts downloading them before any script has
 * run; server/plugins/web.ts). Plain data: no imports, safe for both sides.
 */
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
 * The modules an address needs, the Mantine shell first; none for the landing page, which is
 * plain markup. Trailing slashes do not count.
 */
export function screenModulesFor(pathname: string): ScreenModule[] {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/') return [];
  const screens = SCREENS_BY_PATH.find(([pattern]) => pattern.test(path))?.[1] ?? ['notFound'];
  return ['shell', ...screens];
}
