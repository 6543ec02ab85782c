import { Text } from '@mantine/core';
import { LoadingState } from '../../components/loading-state';
import { useAuth } from '../../hooks/use-auth';
import { lazyScreen } from '../lazy-screen';
import { dashboardOf } from '../screen-modules';
import { VideoFromUrl } from './video-from-url';

/**
 * The role-based dashboard (SPEC.md section 2): editor gets the editor dashboard, lead_editor
 * and king the lead dashboard, a client team lead its own, everyone else (unknown roles
 * included) the client dashboard. Each is loaded on its own (screen-modules.ts); the shell's
 * Suspense shows the loading line.
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
  const screen = dashboardOf(user.role);
  const Dashboard = lazyScreen(screen);
  return (
    <>
      <Dashboard />
      {/* TEMPORARY until the video forms' rewrite lands: the other dashboards still draw the
          video dialog themselves; then this draws it for every role. */}
      {screen === 'leadDashboard' && <VideoFromUrl />}
    </>
  );
}
