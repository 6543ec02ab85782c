import type { ViewerScope } from '@domain/permissions';
import { normalizeRole } from '@domain/roles';
import type { Db } from '../../db/client';
import type { SessionUser } from '../../db/schema';
import { clientIdsOf } from '../assignments/assignments.repository';
import { clientsLedBy } from '../team-leads/team-leads.repository';

/**
 * The facts the permission rules need about a viewer: whose team they are on. An editor is on
 * the teams of the clients it is assigned to, a client team lead on those of the clients it
 * leads (DESIGN.md section 4); rows of a role the user no longer has (an editor made team lead,
 * or back) give nothing.
 */
export async function loadViewerScope(db: Db, user: SessionUser): Promise<ViewerScope> {
  const base = { id: user.id, role: user.role, isAdmin: user.isAdmin };
  const role = normalizeRole(user.role);
  if (role === 'client') return { ...base, teamClientIds: new Set() };
  const [asEditor, asLead] = await Promise.all([
    role === 'client_team_lead' ? [] : clientIdsOf(db, user.id),
    role === 'editor' ? [] : clientsLedBy(db, user.id),
  ]);
  return { ...base, teamClientIds: new Set([...asEditor, ...asLead]) };
}
