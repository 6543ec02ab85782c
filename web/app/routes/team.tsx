import { Navigate } from 'react-router';
import { useAuth } from '../../hooks/use-auth';
import { dashboardOf } from '../screen-modules';
import { LeadDashboardScreen } from './lead-dashboard';
import { VideoFromUrl } from './video-from-url';

/**
 * /dashboard/team: the lead dashboard opened on its team tab. It is the lead dashboard's page
 * only: anyone whose own dashboard is another (a client, an editor, a client team lead) is sent
 * to it, rather than shown a lead dashboard whose every call is refused.
 */
export function TeamRoute() {
  const { user } = useAuth();
  if (user && dashboardOf(user.role) !== 'leadDashboard') {
    return <Navigate to="/dashboard" replace />;
  }
  return (
    <>
      <LeadDashboardScreen onTeamPage />
      <VideoFromUrl />
    </>
  );
}
