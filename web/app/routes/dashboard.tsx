import { Text } from '@mantine/core';
import { lazy } from 'react';
import { LoadingState } from '../../components/loading-state';
import { useAuth } from '../../hooks/use-auth';
import { dashboardOf } from '../screen-modules';
import { DASHBOARD_LOADERS } from './dashboard-loaders';

const ClientDashboard = lazy(() =>
  DASHBOARD_LOADERS.clientDashboard().then((m) => ({ default: m.ClientDashboard })),
);
const EditorDashboard = lazy(() =>
  DASHBOARD_LOADERS.editorDashboard().then((m) => ({ default: m.EditorDashboard })),
);
const LeadDashboard = lazy(() =>
  DASHBOARD_LOADERS.leadDashboard().then((m) => ({ default: m.LeadDashboard })),
);
const TeamLeadDashboard = lazy(() =>
  DASHBOARD_LOADERS.teamLeadDashboard().then((m) => ({ default: m.TeamLeadDashboard })),
);

/**
 * The role-based dashboard (SPEC.md section 2): editor gets the editor dashboard, lead_editor
 * and king the lead dashboard, a client team lead its own, everyone else (unknown roles
 * included) the client dashboard.
 * Each is loaded on its own (dashboard-loaders.ts); the shell's Suspense shows the loading line.
 */
export function DashboardRoute() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <LoadingState label="Loading dashboard..." />;
  if (!user) {
    return (
      <Text ta="center" py="xl">
        Please log in to continue
      </Text>
    );
  }
  switch (dashboardOf(user.role)) {
    case 'editorDashboard':
      return <EditorDashboard />;
    case 'leadDashboard':
      return <LeadDashboard />;
    case 'teamLeadDashboard':
      return <TeamLeadDashboard />;
    default:
      return <ClientDashboard />;
  }
}
