import { AssignedClients } from '../../features/assignments/components/assigned-clients';

/** /assignments: the editor's assigned clients. */
export const AssignmentsRoute = () => <AssignedClients />;
