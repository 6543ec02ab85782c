import type { TeamScope } from '@domain/permissions';
import { normalizeRole } from '@domain/roles';
import type { Db } from '../../db/client';
import type { SessionUser } from '../../db/schema';
import { clientIdsOf } from '../assignments/assignments.repository';
import { clientsLedBy } from '../team-leads/team-leads.repository';

/**
 * A viewer's scope over every client whose team they are on (loadViewerScope): the only scope
 * that may bound a list of videos (readableBy) or of clients.
 */
export interface ViewerScope extends TeamScope {
  readonly reach: 'every client';
}

/**
 * A viewer's scope as far as one video goes (findReadableVideo): `teamClientIds` holds the
 * video's client if the viewer is on its team, and no other client. The rules about that video
 * (canReadVideo, toVideoView, …) take it; a list query refuses it, since it would leave out the
 * viewer's other clients.
 */
export interface VideoScope extends TeamScope {
  readonly reach: 'one video';
}

/**
 * Which assignments put a viewer on a client's team: an editor's as editor, a client team
 * lead's as lead, both for the other staff roles, none for a client (docs/rules.md#who-may-do-what); rows
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
 * A viewer's scope as far as a video of `clientId` goes (VideoScope), from whether its editor
 * and its team-lead assignments name that client; teamRolesOf says which of them count.
 */
export function videoScopeOf(
  viewer: Pick<SessionUser, 'id' | 'role' | 'isAdmin'>,
  clientId: string,
  assigned: { asEditor: boolean; asLead: boolean },
): VideoScope {
  const { asEditor, asLead } = teamRolesOf(viewer.role);
  const onTeam = (asEditor && assigned.asEditor) || (asLead && assigned.asLead);
  return {
    reach: 'one video',
    id: viewer.id,
    role: viewer.role,
    isAdmin: viewer.isAdmin,
    teamClientIds: new Set(onTeam ? [clientId] : []),
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
  return { ...base, reach: 'every client', teamClientIds: new Set([...ofEditor, ...ofLead]) };
}
