import { PlaceholderScreen } from './placeholder-screen';

export const InvoicingRoute = () => <PlaceholderScreen title="Invoicing Dashboard" />;
