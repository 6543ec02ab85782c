import { PlaceholderScreen } from '../../../app/routes/placeholder-screen';

export function ClientDashboard() {
  return <PlaceholderScreen title="Client Dashboard" />;
}
