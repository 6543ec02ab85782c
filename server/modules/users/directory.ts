import { inArray } from 'drizzle-orm';
import { normalizeRole, seesWholeDirectory, type Actor } from '@domain/roles';
import type { Db } from '../../db/client';
import { clientEditorAssignments, clientTeamLeadAssignments, videos } from '../../db/schema';
import { clientsLedBy } from '../scope/scope';
import { listStaffRoles } from './users.repository';

/**
 * Whom a viewer's lists of people may contain (docs/rules.md#who-may-do-what, user lists): null for staff
 * (editors, lead editors, the king, admins), who see everyone. A client or a client team lead
 * sees only the people it works with: itself; its clients (a team lead's); their assigned
 * editors, the editors of their videos and their team leads; every lead editor and the king.
 * Never another client, and never a staff member it has nothing to do with.
 */
export async function directoryIds(db: Db, viewer: Actor): Promise<Set<string> | null> {
  if (seesWholeDirectory(viewer)) return null;
  const clientIds =
    normalizeRole(viewer.role) === 'client' ? [viewer.id] : await clientsLedBy(db, viewer.id);
  const ids = new Set([viewer.id, ...clientIds]);
  const [staff, editors, leads, videoEditors] = await Promise.all([
    // Lead editors and the king, whatever legacy spelling their role has ('admin', 'boss').
    listStaffRoles(db),
    clientIds.length
      ? db
          .select({ id: clientEditorAssignments.editorId })
          .from(clientEditorAssignments)
          .where(inArray(clientEditorAssignments.clientId, clientIds))
      : [],
    clientIds.length
      ? db
          .select({ id: clientTeamLeadAssignments.teamLeadId })
          .from(clientTeamLeadAssignments)
          .where(inArray(clientTeamLeadAssignments.clientId, clientIds))
      : [],
    clientIds.length
      ? db
          .selectDistinct({ id: videos.assignedEditorId })
          .from(videos)
          .where(inArray(videos.userId, clientIds))
      : [],
  ]);
  for (const u of staff) {
    const role = normalizeRole(u.role);
    if (role === 'lead_editor' || role === 'king') ids.add(u.id);
  }
  for (const { id } of [...editors, ...leads, ...videoEditors]) if (id) ids.add(id);
  return ids;
}
