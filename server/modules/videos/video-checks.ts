import { canSetAssignedEditor, type TeamScope } from '@domain/permissions';
import { mayBeAssignedEditor } from '@domain/roles';
import { VIDEO_MESSAGES } from '@domain/videos';
import { startsWorkUnassigned } from '@domain/workflow';
import type { Db } from '../../db/client';
import type { VideoRow } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import { editorIdsOf } from '../assignments/assignments.repository';
import { findUserById } from '../users/users.repository';

/**
 * The editor rules of a change to a video, shared by the one-video calls and the bulk call
 * (bulk.routes.ts): who may be made a video's editor, and whom a move makes it. With `memo`, each
 * person and each client's editors are read once per call (a bulk change of 1,000 videos names
 * one editor and a few clients).
 */
export function editorChecks(db: Db, memo = false) {
  const users = new Map<string, ReturnType<typeof findUserById>>();
  const clients = new Map<string, Promise<Set<string>>>();
  const once = <T>(kept: Map<string, T>, key: string, read: () => T): T => {
    if (!memo) return read();
    if (!kept.has(key)) kept.set(key, read());
    return kept.get(key)!;
  };

  async function editorsOfClient(clientId: string) {
    return once(clients, clientId, async () => new Set(await editorIdsOf(db, clientId)));
  }

  /** 400 unless the user exists and may be a video's editor (an editor or a lead editor). */
  async function checkAssignableEditor(editorId: string) {
    const editor = await once(users, editorId, () => findUserById(db, editorId));
    if (!editor || !mayBeAssignedEditor(editor)) {
      throw new HttpError(400, VIDEO_MESSAGES.editorInvalid);
    }
    return editor;
  }

  /** Refuses a change of `video`'s editor to `editorId` that the viewer may not make (403/400). */
  async function checkEditorChange(scope: TeamScope, video: VideoRow, editorId: string | null) {
    if (editorId) await checkAssignableEditor(editorId);
    const ok = canSetAssignedEditor(scope, video, editorId, await editorsOfClient(video.userId));
    if (!ok) throw new HttpError(403, VIDEO_MESSAGES.editorNotYours);
  }

  /**
   * The editor a move sets, if it sets one: the one asked for (allowed as the assigned-editor
   * call allows it), or, when work starts on an unassigned video, the editor who starts it
   * (docs/rules.md#rules-the-product-leaves-open; a king, who may not be one, leaves it unassigned); undefined: none.
   */
  async function editorWithMove(
    scope: TeamScope,
    video: VideoRow,
    status: string,
    asked: string | null | undefined,
  ): Promise<string | null | undefined> {
    if (asked !== undefined) {
      if (asked === video.assignedEditorId) return undefined;
      await checkEditorChange(scope, video, asked);
      return asked;
    }
    const starts = startsWorkUnassigned(video, video.assignedEditorId !== null, status);
    return starts && mayBeAssignedEditor(scope) ? scope.id : undefined;
  }

  return { editorsOfClient, checkAssignableEditor, checkEditorChange, editorWithMove };
}
