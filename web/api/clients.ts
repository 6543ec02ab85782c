import type { AssignedClients } from '@domain/assignments';
import { peopleLists } from './people-lists';

/** The lists of clients, each with its video and editor counts. */
const clients = peopleLists<AssignedClients['assignedClients'][number], 'clients'>('clients');
export const clientKeys = clients.keys;
export const invalidateClients = clients.invalidate;

/**
 * GET /api/clients: every client for staff (managers' 'Create Video For', the assignments, the
 * lead dashboard's picker); a client only itself, a team lead its clients.
 */
export const useClients = clients.useAll;

/** GET /api/assignments/my-clients: the clients the signed-in editor is assigned to. */
export const useMyClients = clients.useMine;
