import { PlaceholderScreen } from './placeholder-screen';

/** Route screens that later issues build; each names itself for now. */
export const TeamRoute = () => <PlaceholderScreen title="Team" />;
export const ManagedUserRoute = () => <PlaceholderScreen title="Managed User" />;
export const AssignmentsRoute = () => <PlaceholderScreen title="Assigned Clients" />;
export const InvoicingRoute = () => <PlaceholderScreen title="Invoicing Dashboard" />;
