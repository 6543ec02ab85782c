import type { TeamScope } from '@domain/permissions';
import { teamRolesOf } from '@domain/video-access';
import type { Db } from '../../db/client';
import { pairedWith } from '../../db/pairs';
import {
  clientEditorAssignments,
  clientTeamLeadAssignments,
  type SessionUser,
} from '../../db/schema';

/**
 * The team and scope facts of the server (eslint.config.js, the server's layers): whose team a
 * viewer is on, and (readable.ts) which videos it may read, on domain/video-access.ts. Videos,
 * assignments, team leads and notifications import this module; it imports none of them.
 */

const editors = clientEditorAssignments;
const leads = clientTeamLeadAssignments;

/** The clients an editor is assigned to. */
export const clientIdsOf = (db: Db, editorId: string) =>
  pairedWith(db, editors, [editors.editorId, editorId], editors.clientId);

/** The clients a team lead leads, by id. */
export const clientsLedBy = (db: Db, teamLeadId: string) =>
  pairedWith(db, leads, [leads.teamLeadId, teamLeadId], leads.clientId);

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
export async function loadViewerScope(
  db: Db,
  user: Pick<SessionUser, 'id' | 'role' | 'isAdmin'>,
): Promise<ViewerScope> {
  const base = { id: user.id, role: user.role, isAdmin: user.isAdmin };
  const { asEditor, asLead } = teamRolesOf(user.role);
  const [ofEditor, ofLead] = await Promise.all([
    asEditor ? clientIdsOf(db, user.id) : [],
    asLead ? clientsLedBy(db, user.id) : [],
  ]);
  return { ...base, reach: 'every client', teamClientIds: new Set([...ofEditor, ...ofLead]) };
}
