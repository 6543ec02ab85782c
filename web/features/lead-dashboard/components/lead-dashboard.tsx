import { PlaceholderScreen } from '../../../app/routes/placeholder-screen';

/** The lead dashboard (lead_editor and king); `initialTab` is 'team' on /dashboard/team. */
export function LeadDashboard(_props: { initialTab?: string }) {
  return <PlaceholderScreen title="Lead Dashboard" />;
}
