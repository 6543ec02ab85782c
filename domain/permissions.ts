import { isAdmin, isManager, normalizeRole, type Actor } from './roles';
import { readingRelations, type VideoRelation } from './video-access';

/**
 * Who may do what with a video (docs/rules.md#who-may-do-what), as pure functions of facts the server
 * loads. The server enforces them; the web app uses them to hide what would be refused.
 */
export interface TeamScope extends Actor {
  /**
   * Clients whose team the viewer is on (assigned editor or client team lead of): all of them,
   * or (the server's VideoScope) at least the client of the video at hand.
   */
  teamClientIds: ReadonlySet<string>;
}

export interface VideoRef {
  userId: string;
  assignedEditorId: string | null;
}

/**
 * Whether `viewer` stands to `video` in each relation (domain/video-access.ts). The team's two
 * are one set: `teamClientIds` holds the clients of the viewer's team relations only.
 */
const HOLDS: Record<VideoRelation, (viewer: TeamScope, video: VideoRef) => boolean> = {
  everyVideo: () => true,
  owner: (viewer, video) => video.userId === viewer.id,
  assignedEditor: (viewer, video) => video.assignedEditorId === viewer.id,
  clientsEditor: (viewer, video) => viewer.teamClientIds.has(video.userId),
  clientsTeamLead: (viewer, video) => viewer.teamClientIds.has(video.userId),
};

/** Who may read which video: through a relation its role reads by (VIDEO_READERS). */
export function canReadVideo(viewer: TeamScope, video: VideoRef): boolean {
  for (const relation of readingRelations(viewer)) if (HOLDS[relation](viewer, video)) return true;
  return false;
}

/** Update and delete follow the read rule. */
export const canEditVideo = canReadVideo;
export const canDeleteVideo = canReadVideo;

/**
 * Internal notes, read and write: the agency side only (the assigned editor, editors of the
 * owner's team, managers) among those who may read the video; never the owner or its client
 * team leads, who act for the client (docs/rules.md#who-may-do-what). By role, as workflowSide reads it.
 */
export const canSeeInternalNotes = (viewer: Pick<Actor, 'role'>): boolean => {
  const role = normalizeRole(viewer.role);
  return role !== 'client' && role !== 'client_team_lead';
};

/** Payment fields: the owner, the king, admins. */
export const canSeePayment = (viewer: Actor, video: Pick<VideoRef, 'userId'>): boolean =>
  video.userId === viewer.id || isAdmin(viewer);

/**
 * Whom a viewer may create a video for: a client for themselves; an editor for themselves or a
 * client whose team they are on; a client team lead for the clients it leads only (it acts for
 * them and owns no videos); managers for any client or self.
 */
export function canCreateVideoFor(
  viewer: TeamScope,
  target: { id: string; role: string },
): boolean {
  if (target.id === viewer.id) return normalizeRole(viewer.role) !== 'client_team_lead';
  if (normalizeRole(target.role) !== 'client') return false;
  if (isManager(viewer)) return true;
  const role = normalizeRole(viewer.role);
  return (role === 'editor' || role === 'client_team_lead') && viewer.teamClientIds.has(target.id);
}

/**
 * Setting a video's assigned editor: an editor may take an unassigned video or let go of their
 * own; the owning client may pick one of their assigned editors or none; managers any editor.
 * `clientEditorIds` are the editors assigned to the video's owner.
 */
export function canSetAssignedEditor(
  viewer: TeamScope,
  video: VideoRef,
  newEditorId: string | null,
  clientEditorIds: ReadonlySet<string>,
): boolean {
  if (isManager(viewer)) return true;
  const role = normalizeRole(viewer.role);
  if (role === 'editor') {
    if (!canReadVideo(viewer, video)) return false;
    if (newEditorId === viewer.id) return video.assignedEditorId === null;
    return newEditorId === null && video.assignedEditorId === viewer.id;
  }
  if (role === 'client' && video.userId === viewer.id) {
    return newEditorId === null || clientEditorIds.has(newEditorId);
  }
  return false;
}
