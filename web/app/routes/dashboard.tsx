import { Text } from '@mantine/core';
import { normalizeRole } from '../../../domain/roles';
import { LoadingState } from '../../components/loading-state';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { ClientDashboard } from '../../features/client-dashboard/components/client-dashboard';
import { EditorDashboard } from '../../features/editor-dashboard/components/editor-dashboard';
import { LeadDashboard } from '../../features/lead-dashboard/components/lead-dashboard';

/**
 * The role-based dashboard (SPEC.md section 2): editor gets the editor dashboard, lead_editor
 * and king the lead dashboard, everyone else (unknown roles included) the client dashboard.
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
  switch (normalizeRole(user.role)) {
    case 'editor':
      return <EditorDashboard />;
    case 'lead_editor':
    case 'king':
      return <LeadDashboard />;
    default:
      return <ClientDashboard />;
  }
}
