import { AssignedClients } from '../../features/assignments/components/assigned-clients';
import { useAuth } from '../../hooks/use-auth';
import { dashboardOf } from '../screen-modules';

/**
 * /assignments. Whoever's dashboard has the Team tab (lead editors, the king) assigns clients
 * there: the page links to it (issue 37).
 */
export function AssignmentsRoute() {
  const { user } = useAuth();
  const assignsThere = user !== null && dashboardOf(user.role) === 'leadDashboard';
  return <AssignedClients assignAt={assignsThere ? '/dashboard/team' : null} />;
}
