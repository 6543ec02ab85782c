import { normalizeRole, type Actor, type Role } from './roles';

/**
 * Who may read which video (docs/rules.md#who-may-do-what), declared once: the ways a user may stand to a
 * video, and per role which of them let it read the video. Everything else derives from this:
 * canReadVideo (domain/permissions.ts), the team a viewer's scope loads (teamRolesOf), the SQL of
 * server/modules/scope/readable.ts (readableBy, readableCount, and where each relation's fact is
 * stored). server/modules/scope/video-access.test.ts holds every other form of the rule (the
 * read cache's labels, the scope triggers, the kept lists' changedSince) against it, for every
 * role and every relation, on a real database.
 */
export const VIDEO_RELATIONS = [
  /** Any video: the managers'. */
  'everyVideo',
  /** The video is the user's own: its client (videos.user_id). */
  'owner',
  /** The user is the video's assigned editor (videos.assigned_editor_id). */
  'assignedEditor',
  /** The user is assigned to the video's client as an editor (client_editor_assignments). */
  'clientsEditor',
  /** The user leads the video's client (client_team_lead_assignments). */
  'clientsTeamLead',
] as const;
export type VideoRelation = (typeof VIDEO_RELATIONS)[number];

/** The relations that put a user on a client's team: the viewer's `teamClientIds`. */
export const TEAM_RELATIONS = [
  'clientsEditor',
  'clientsTeamLead',
] as const satisfies readonly VideoRelation[];

/**
 * Per role, the relations through which it reads a video. A client team lead acts for its
 * clients and is no editor of them; an editor's rows as a lead (a role it no longer has) give
 * nothing, and the reverse.
 */
export const VIDEO_READERS: Record<Role, readonly VideoRelation[]> = {
  client: ['owner', 'assignedEditor'],
  editor: ['owner', 'assignedEditor', 'clientsEditor'],
  client_team_lead: ['owner', 'assignedEditor', 'clientsTeamLead'],
  lead_editor: VIDEO_RELATIONS,
  king: VIDEO_RELATIONS,
};

/** An administrator of any role reads as a manager (isManager, domain/roles.ts). */
const ADMIN_RELATIONS: readonly VideoRelation[] = ['everyVideo'];

/** The relations through which `viewer` reads videos (VIDEO_READERS, and ADMIN_RELATIONS). */
export function readingRelations(viewer: Pick<Actor, 'role' | 'isAdmin'>): Set<VideoRelation> {
  const byRole = VIDEO_READERS[normalizeRole(viewer.role)];
  return new Set(viewer.isAdmin === 'true' ? [...byRole, ...ADMIN_RELATIONS] : byRole);
}

/**
 * Which assignments put a viewer on a client's team: those of its role's team relations
 * (VIDEO_READERS): an editor's as editor, a client team lead's as lead, both for managers, none
 * for a client.
 */
export function teamRolesOf(role: string): { asEditor: boolean; asLead: boolean } {
  const relations = VIDEO_READERS[normalizeRole(role)];
  return {
    asEditor: relations.includes('clientsEditor'),
    asLead: relations.includes('clientsTeamLead'),
  };
}
