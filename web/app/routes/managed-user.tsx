import { PlaceholderScreen } from './placeholder-screen';

export const ManagedUserRoute = () => <PlaceholderScreen title="Managed User" />;
