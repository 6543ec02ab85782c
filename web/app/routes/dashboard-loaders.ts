import type { dashboardOf } from '../screen-modules';

/**
 * Each role's dashboard is its own chunk, so a client does not download the lead and editor
 * dashboards (and their virtualised grid). The server names the signed-in user's one in the page
 * and the router asks for the stored user's one as the app boots (router.tsx), so it is not a
 * round trip later. Which role gets which: dashboardOf (screen-modules.ts).
 */
export const DASHBOARD_LOADERS = {
  clientDashboard: () => import('../../features/client-dashboard/components/client-dashboard'),
  editorDashboard: () => import('../../features/editor-dashboard/components/editor-dashboard'),
  leadDashboard: () => import('../../features/lead-dashboard/components/lead-dashboard'),
  teamLeadDashboard: () =>
    import('../../features/team-lead-dashboard/components/team-lead-dashboard'),
} satisfies Record<ReturnType<typeof dashboardOf>, () => Promise<unknown>>;
