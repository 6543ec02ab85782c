import { Text } from '@mantine/core';
import { Suspense } from 'react';
import { DashboardSkeleton, type DashboardShape } from '../../components/skeletons';
import { useAuth } from '../../hooks/use-auth';
import { lazyScreen } from '../lazy-screen';
import { ScreenHydrated } from '../screen-hydrated';
import { dashboardOf } from '../screen-modules';
import { VideoFromUrl } from './video-from-url';

/** Each dashboard's tiles, so its placeholder has the page's shape (the tiles' own grids). */
const SHAPES: Record<ReturnType<typeof dashboardOf>, DashboardShape> = {
  leadDashboard: { tiles: { count: 7, cols: { base: 2, xs: 3, sm: 4, lg: 7 } } },
  editorDashboard: { tiles: { count: 6, cols: { base: 2, sm: 3, md: 6 } } },
  teamLeadDashboard: { tiles: { count: 6, cols: { base: 2, xs: 3, md: 6 } } },
  clientDashboard: {},
};

/**
 * The role-based dashboard (docs/product.md#screens): editor gets the editor dashboard, lead_editor
 * and king the lead dashboard, a client team lead its own, everyone else (unknown roles
 * included) the client dashboard. Each is loaded on its own (screen-modules.ts); until it and
 * the session are there, a placeholder in its shape says 'Loading dashboard...'.
 */
export function DashboardRoute() {
  const { user, isLoading } = useAuth();
  if (isLoading) return <DashboardSkeleton shape={user ? SHAPES[dashboardOf(user.role)] : {}} />;
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
      <Suspense fallback={<DashboardSkeleton shape={SHAPES[screen]} />}>
        <Dashboard />
        <ScreenHydrated />
      </Suspense>
      <VideoFromUrl />
    </>
  );
}
