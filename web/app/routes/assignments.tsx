import { PlaceholderScreen } from './placeholder-screen';

export const AssignmentsRoute = () => <PlaceholderScreen title="Assigned Clients" />;
