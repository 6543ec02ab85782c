import { useState } from 'react';
import type { PublicUser } from '@domain/user';
import type { VideoView } from '@domain/videos';
import { startsWorkUnassigned, workflowSide, type StatusAction } from '@domain/workflow';
import { useStatusChange } from '../../hooks/use-status-change';
import { MarkPostedDialog, SendBackDialog } from './lazy-dialogs';
import { StartWorkDialog } from './start-work-dialog';

/** The move waiting on its dialog's answer, and the video it is for. */
type Asking =
  | { kind: 'note'; video: VideoView; action: StatusAction }
  | { kind: 'posted'; video: VideoView }
  | { kind: 'start'; video: VideoView };

/**
 * A move from a button, with the question it may need first: Mark as Posted asks where, Send
 * Back / Request Changes ask for their note, and a manager who starts work on an unassigned
 * video picks its editor (issue 37); any other move goes at once. One home for the card, the
 * managed-user table and the phone dialog's Next step. Render `dialogs` once beside the buttons.
 */
export function useMoveDialogs(viewer: PublicUser) {
  const { change, pendingId } = useStatusChange();
  const [asking, setAsking] = useState<Asking | null>(null);
  const close = () => setAsking(null);

  /** `action`: the table's move, or just its target status where no note can go with it. */
  const move = (video: VideoView, action: StatusAction | { to: string; takesNote?: never }) => {
    if (action.to === 'posted') setAsking({ kind: 'posted', video });
    else if (action.takesNote) setAsking({ kind: 'note', video, action });
    else if (
      workflowSide(viewer) === 'manager' &&
      startsWorkUnassigned(video, !!video.assignedEditorId, action.to)
    )
      setAsking({ kind: 'start', video });
    else change(video, action.to);
  };

  const pending = asking !== null && pendingId === asking.video.id;
  const dialogs =
    asking?.kind === 'note' ? (
      <SendBackDialog
        opened
        action={asking.action}
        videoName={asking.video.name}
        pending={pending}
        onClose={close}
        onSend={(note) => change(asking.video, asking.action.to, { note }, close)}
      />
    ) : asking?.kind === 'posted' ? (
      <MarkPostedDialog
        opened
        videoName={asking.video.name}
        kept={asking.video}
        pending={pending}
        onClose={close}
        onPost={(details) => change(asking.video, 'posted', details, close)}
      />
    ) : asking?.kind === 'start' ? (
      <StartWorkDialog
        viewer={viewer}
        videoName={asking.video.name}
        pending={pending}
        onClose={close}
        onStart={(assignedEditorId) =>
          change(asking.video, 'in_progress', { assignedEditorId }, close)
        }
      />
    ) : null;

  return { move, dialogs, change, pendingId };
}
