import { PlaceholderScreen } from '../../../app/routes/placeholder-screen';

export function EditorDashboard() {
  return <PlaceholderScreen title="Editor Dashboard" />;
}
