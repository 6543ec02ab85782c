import { useLocation, useParams } from 'react-router';
import { ManagedUserPage } from '../../features/team/components/managed-user-page';
import { TeamLeadLinksCard } from '../../features/team-leads/components/team-lead-links-card';
import { VideoFromUrl } from './video-from-url';

/**
 * /dashboard/user/{id} and /dashboard/team/user/{id}: back goes where the visitor came from.
 * The page shows a client's team-lead card; the video its list opens is drawn beside it.
 */
export function ManagedUserRoute() {
  const { userId = '' } = useParams();
  const { pathname } = useLocation();
  const backTo = pathname.startsWith('/dashboard/team/') ? '/dashboard/team' : '/dashboard';
  return (
    <>
      <ManagedUserPage
        key={userId}
        userId={userId}
        backTo={backTo}
        teamLeadLinks={(target) => <TeamLeadLinksCard target={target} />}
      />
      <VideoFromUrl />
    </>
  );
}
