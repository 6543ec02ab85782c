import { LeadDashboardScreen } from './lead-dashboard';
import { VideoFromUrl } from './video-from-url';

/** /dashboard/team: the lead dashboard opened on its team tab. */
export function TeamRoute() {
  return (
    <>
      <LeadDashboardScreen initialTab="team" />
      <VideoFromUrl />
    </>
  );
}
