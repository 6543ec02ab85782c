import { LeadDashboard } from '../../features/lead-dashboard/components/lead-dashboard';

/** /dashboard/team: the lead dashboard opened on its team tab. */
export const TeamRoute = () => <LeadDashboard initialTab="team" />;
