import { Text } from '@mantine/core';
import { normalizeRole } from '../../../domain/roles';
import { LoadingState } from '../../components/loading-state';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PlaceholderScreen } from './placeholder-screen';

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
      return <PlaceholderScreen title="Editor Dashboard" />;
    case 'lead_editor':
    case 'king':
      return <PlaceholderScreen title="Lead Dashboard" />;
    default:
      return <PlaceholderScreen title="Client Dashboard" />;
  }
}
