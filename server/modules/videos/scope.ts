import { eq } from 'drizzle-orm';
import type { ViewerScope } from '../../../domain/permissions';
import { normalizeRole } from '../../../domain/roles';
import type { Db } from '../../db/client';
import {
  clientEditorAssignments,
  clientTeamLeadAssignments,
  type SessionUser,
} from '../../db/schema';

/** The facts the permission rules need about a viewer: whose team they are on. */
export async function loadViewerScope(db: Db, user: SessionUser): Promise<ViewerScope> {
  const base = { id: user.id, role: user.role, isAdmin: user.isAdmin };
  if (normalizeRole(user.role) === 'client') return { ...base, teamClientIds: new Set() };
  const [asEditor, asLead] = await Promise.all([
    db
      .select({ clientId: clientEditorAssignments.clientId })
      .from(clientEditorAssignments)
      .where(eq(clientEditorAssignments.editorId, user.id)),
    db
      .select({ clientId: clientTeamLeadAssignments.clientId })
      .from(clientTeamLeadAssignments)
      .where(eq(clientTeamLeadAssignments.teamLeadId, user.id)),
  ]);
  return {
    ...base,
    teamClientIds: new Set([...asEditor, ...asLead].map((r) => r.clientId)),
  };
}
