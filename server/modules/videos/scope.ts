import type { ViewerScope } from '@domain/permissions';
import { normalizeRole } from '@domain/roles';
import type { Db } from '../../db/client';
import type { SessionUser } from '../../db/schema';
import { clientIdsOf } from '../assignments/assignments.repository';
import { clientsLedBy } from '../team-leads/team-leads.repository';

/**
 * Which assignments put a viewer on a client's team: an editor's as editor, a client team
 * lead's as lead, both for the other staff roles, none for a client (DESIGN.md section 4); rows
 * of a role the user no longer has (an editor made team lead, or back) give nothing.
 */
export function teamRolesOf(role: string): { asEditor: boolean; asLead: boolean } {
  const r = normalizeRole(role);
  return {
    asEditor: r !== 'client' && r !== 'client_team_lead',
    asLead: r !== 'client' && r !== 'editor',
  };
}

/**
 * The facts the permission rules need about a viewer: whose team they are on. An editor is on
 * the teams of the clients it is assigned to, a client team lead on those of the clients it
 * leads (teamRolesOf).
 */
export async function loadViewerScope(db: Db, user: SessionUser): Promise<ViewerScope> {
  const base = { id: user.id, role: user.role, isAdmin: user.isAdmin };
  const { asEditor, asLead } = teamRolesOf(user.role);
  const [ofEditor, ofLead] = await Promise.all([
    asEditor ? clientIdsOf(db, user.id) : [],
    asLead ? clientsLedBy(db, user.id) : [],
  ]);
  return { ...base, teamClientIds: new Set([...ofEditor, ...ofLead]) };
}
