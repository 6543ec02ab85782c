import { useLocation, useParams } from 'react-router';
import { ManagedUserPage } from '../../features/team/components/managed-user-page';

/** /dashboard/user/{id} and /dashboard/team/user/{id}: back goes where the visitor came from. */
export function ManagedUserRoute() {
  const { userId = '' } = useParams();
  const { pathname } = useLocation();
  const backTo = pathname.startsWith('/dashboard/team/') ? '/dashboard/team' : '/dashboard';
  return <ManagedUserPage key={userId} userId={userId} backTo={backTo} />;
}
