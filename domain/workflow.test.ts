import { describe, expect, it } from 'vitest';
import { COMPLETED_STATUSES, VIDEO_STATUSES, type VideoStatus } from './video-status';
import {
  allowedActions,
  clientDecisions,
  creationRefusal,
  forClientRefusal,
  isCompletedStatus,
  isOverdue,
  mayUndo,
  moveRefusal,
  nextStatus,
  postedToggleTarget,
  primaryAction,
  selectableStatuses,
  simpleActions,
  startsWorkUnassigned,
  toTime,
  UNDO_WINDOW_MS,
  WORKFLOW_MESSAGES,
  workflowSide,
  type WorkflowSide,
} from './workflow';

const moves = (side: WorkflowSide) =>
  VIDEO_STATUSES.flatMap((from) =>
    VIDEO_STATUSES.filter((to) => to !== from && moveRefusal(side, from, to) === null).map(
      (to) => `${from}->${to}`,
    ),
  );

describe('workflowSide', () => {
  it('managers, then the client side (clients and team leads), then the agency', () => {
    expect(workflowSide({ role: 'king', isAdmin: 'false' })).toBe('manager');
    expect(workflowSide({ role: 'lead_editor', isAdmin: 'false' })).toBe('manager');
    expect(workflowSide({ role: 'client', isAdmin: 'true' })).toBe('manager');
    expect(workflowSide({ role: 'client', isAdmin: 'false' })).toBe('client');
    expect(workflowSide({ role: 'user', isAdmin: 'false' })).toBe('client');
    expect(workflowSide({ role: 'client_team_lead', isAdmin: 'false' })).toBe('client');
    expect(workflowSide({ role: 'editor', isAdmin: 'false' })).toBe('agency');
  });
});

describe('the transition table (docs/rules.md#rules-the-product-leaves-open)', () => {
  it('the agency moves both ways along the workflow', () => {
    expect(moves('agency')).toEqual([
      'draft->in_progress',
      'draft->review',
      'in_progress->draft',
      'in_progress->review',
      'review->in_progress',
      'ready_to_post->posted',
      'posted->ready_to_post',
    ]);
  });

  it('the client side only approves or requests changes in review', () => {
    expect(moves('client')).toEqual(['review->in_progress', 'review->ready_to_post']);
  });

  it('managers may make any move (the client’s approval only saying so: forClientRefusal)', () => {
    expect(moves('manager')).toHaveLength(VIDEO_STATUSES.length * (VIDEO_STATUSES.length - 1));
  });

  it('staying put is no move', () => {
    for (const side of ['agency', 'client', 'manager'] as const) {
      for (const s of VIDEO_STATUSES) expect(moveRefusal(side, s, s)).toBeNull();
    }
  });

  it('each status lists its actions, primary first, with the side’s labels', () => {
    expect(allowedActions('agency', 'draft')).toEqual([
      { label: 'Start Work', to: 'in_progress' },
      { label: 'Submit Review', to: 'review' },
    ]);
    expect(allowedActions('agency', 'in_progress')).toEqual([
      { label: 'Submit Review', to: 'review' },
      { label: 'Back to Draft', to: 'draft' },
    ]);
    // The client approves a video in review: the agency has no Approve there (issue 41).
    expect(allowedActions('agency', 'review')).toEqual([
      { label: 'Send Back', to: 'in_progress', takesNote: true },
    ]);
    expect(allowedActions('client', 'review')).toEqual([
      { label: 'Approve', to: 'ready_to_post' },
      { label: 'Request Changes', to: 'in_progress', takesNote: true, noteRequired: true },
    ]);
    expect(allowedActions('agency', 'ready_to_post')).toEqual([
      { label: 'Mark as Posted', to: 'posted' },
    ]);
    expect(allowedActions('agency', 'posted')).toEqual([
      { label: 'Back to Ready to Post', to: 'ready_to_post' },
    ]);
    for (const s of ['draft', 'in_progress', 'ready_to_post', 'posted']) {
      expect(allowedActions('client', s), s).toEqual([]);
    }
    // Managers' cards show the agency's buttons; the edit dialog offers every status.
    expect(allowedActions('manager', 'review')).toEqual(allowedActions('agency', 'review'));
  });

  it('reads status text the way normalizeStatus does', () => {
    expect(allowedActions('agency', 'ready')).toEqual(allowedActions('agency', 'ready_to_post'));
    expect(allowedActions('agency', 'In Progress')).toEqual(
      allowedActions('agency', 'in_progress'),
    );
    expect(allowedActions('agency', 'nonsense')).toEqual(allowedActions('agency', 'draft'));
  });

  it('the edit dialog offers the current status and the allowed moves', () => {
    expect(selectableStatuses('client', 'review')).toEqual([
      'in_progress',
      'review',
      'ready_to_post',
    ]);
    expect(selectableStatuses('client', 'draft')).toEqual(['draft']);
    expect(selectableStatuses('agency', 'posted')).toEqual(['ready_to_post', 'posted']);
    expect(selectableStatuses('manager', 'draft')).toEqual([...VIDEO_STATUSES]);
    // The client's approval is no free choice: the dialog's "Approve for the client" makes it.
    expect(selectableStatuses('manager', 'review')).toEqual(['draft', 'in_progress', 'review']);
    expect(selectableStatuses('agency', 'review')).toEqual(['in_progress', 'review']);
  });

  it('refusals say what the viewer may do', () => {
    expect(moveRefusal('client', 'draft', 'posted')).toBe(
      'The agency moves this video while it is Draft: you can approve it or request changes once it is In Review',
    );
    expect(moveRefusal('client', 'review', 'posted')).toBe(
      'A video in review can be approved (Ready to Post) or sent back with changes requested (In Progress), not moved to Posted',
    );
    expect(moveRefusal('agency', 'draft', 'posted')).toBe(
      'A video that is Draft can move to In Progress or In Review only: Start Work (In Progress) or Submit Review (In Review)',
    );
    expect(moveRefusal('agency', 'review', 'ready_to_post')).toBe(
      'The client approves a video in review: you can send it back (In Progress) while it waits',
    );
    expect(moveRefusal('agency', 'posted', 'draft')).toBe(
      'A video that is Posted can move to Ready to Post only: Back to Ready to Post (Ready to Post)',
    );
  });

  it('new videos: the client side starts as draft, the agency before review is done', () => {
    const allowed = (side: WorkflowSide) =>
      VIDEO_STATUSES.filter((s: VideoStatus) => creationRefusal(side, s) === null);
    expect(allowed('client')).toEqual(['draft']);
    expect(allowed('agency')).toEqual(['draft', 'in_progress', 'review']);
    expect(allowed('manager')).toEqual([...VIDEO_STATUSES]);
    expect(creationRefusal('client', 'posted')).toBe(
      'Your new videos start as Draft: the agency moves them from there',
    );
  });
});

describe('primaryAction and nextStatus', () => {
  it('is the first allowed action, or null', () => {
    expect(primaryAction('agency', 'draft')).toEqual({ label: 'Start Work', to: 'in_progress' });
    expect(primaryAction('client', 'review')).toEqual({ label: 'Approve', to: 'ready_to_post' });
    expect(primaryAction('client', 'draft')).toBeNull();
  });

  it('nextStatus always moves exactly one step forward, and stops at posted', () => {
    VIDEO_STATUSES.forEach((status, i) => {
      // In review it is the client's turn: the agency has no step forward.
      const next = status === 'review' ? null : (VIDEO_STATUSES[i + 1] ?? null);
      expect(nextStatus('agency', status)?.to ?? null, status).toBe(next);
    });
    expect(nextStatus('client', 'draft')).toBeNull();
  });
});

describe('simpleActions (landing/session list)', () => {
  it("offers 'Mark Ready' until ready, then 'Mark as Posted', then nothing", () => {
    const markReady = [{ label: 'Mark Ready', to: 'ready_to_post' }];
    expect(simpleActions('draft')).toEqual(markReady);
    expect(simpleActions('in_progress')).toEqual(markReady);
    expect(simpleActions('review')).toEqual(markReady);
    expect(simpleActions('ready_to_post')).toEqual([{ label: 'Mark as Posted', to: 'posted' }]);
    expect(simpleActions('posted')).toEqual([]);
  });
});

describe('postedToggleTarget', () => {
  it('toggles between posted and ready_to_post only', () => {
    expect(postedToggleTarget('posted')).toBe('ready_to_post');
    expect(postedToggleTarget('ready_to_post')).toBe('posted');
    expect(postedToggleTarget('ready')).toBe('posted');
    expect(postedToggleTarget('draft')).toBeNull();
    expect(postedToggleTarget('in_progress')).toBeNull();
    expect(postedToggleTarget('review')).toBeNull();
  });
});

describe('overdue rules', () => {
  const now = new Date('2025-06-10T12:00:00Z');
  const before = '2025-06-10T11:59:59Z';
  const after = '2025-06-10T12:00:01Z';

  it('due date earlier than now, whatever form the date takes', () => {
    const status = 'in_progress';
    expect(isOverdue({ dueDate: before, status }, now)).toBe(true);
    expect(isOverdue({ dueDate: new Date(before), status }, now)).toBe(true);
    expect(isOverdue({ dueDate: Date.parse(before), status }, now)).toBe(true);
    expect(isOverdue({ dueDate: now.toISOString(), status }, now)).toBe(false);
    expect(isOverdue({ dueDate: after, status }, now)).toBe(false);
    expect(isOverdue({ dueDate: null, status }, now)).toBe(false);
    expect(isOverdue({ dueDate: undefined, status }, now)).toBe(false);
    expect(isOverdue({ dueDate: 'not a date', status }, now)).toBe(false);
  });

  it('only while the agency still has the work: not ready to post or posted', () => {
    for (const status of ['draft', 'in_progress', 'review']) {
      expect(isOverdue({ dueDate: before, status }, now), status).toBe(true);
      expect(isOverdue({ dueDate: after, status }, now), status).toBe(false);
    }
    expect(isOverdue({ dueDate: before, status: 'ready_to_post' }, now)).toBe(false);
    expect(isOverdue({ dueDate: before, status: 'posted' }, now)).toBe(false);
    expect(isOverdue({ dueDate: before, status: 'ready' }, now)).toBe(false);
    expect(isOverdue({ dueDate: null, status: 'draft' }, now)).toBe(false);
  });

  it('one rule everywhere: a posted video past its due date is not overdue', () => {
    expect(isOverdue({ dueDate: before, status: 'posted' }, now)).toBe(false);
    expect(VIDEO_STATUSES.filter((status) => isOverdue({ dueDate: before, status }, now))).toEqual(
      VIDEO_STATUSES.filter((s) => !(COMPLETED_STATUSES as readonly string[]).includes(s)),
    );
  });

  it('isCompletedStatus and toTime', () => {
    expect(VIDEO_STATUSES.filter(isCompletedStatus)).toEqual(['ready_to_post', 'posted']);
    expect(toTime('2025-01-01T00:00:00Z')).toBe(1735689600000);
    expect(toTime(1735689600000)).toBe(1735689600000);
    expect(toTime(new Date(1735689600000))).toBe(1735689600000);
    expect(toTime('')).toBeNull();
    expect(toTime('soon')).toBeNull();
    expect(toTime(new Date('x'))).toBeNull();
  });
});

describe('mayUndo: the reverse of the actor’s own latest move, for a while', () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const approved = {
    fromStatus: 'review',
    toStatus: 'ready_to_post',
    changedAt: new Date(now.getTime() - 5_000).toISOString(),
    changedBy: { id: 'client' },
  };
  const back = { actorId: 'client', current: 'ready_to_post', to: 'review' as const, paid: false };

  it('allows the mover to go back where the video came from', () => {
    expect(mayUndo(approved, back, now)).toBe(true);
  });

  it('refuses anyone else, another target, a later move, an old move and no history', () => {
    expect(mayUndo(approved, { ...back, actorId: 'editor' }, now)).toBe(false);
    expect(mayUndo(approved, { ...back, to: 'in_progress' }, now)).toBe(false);
    expect(mayUndo(approved, { ...back, current: 'posted' }, now)).toBe(false);
    const old = new Date(now.getTime() - UNDO_WINDOW_MS).toISOString();
    expect(mayUndo({ ...approved, changedAt: old }, back, now)).toBe(false);
    expect(mayUndo({ ...approved, changedBy: null }, back, now)).toBe(false);
    expect(mayUndo({ ...approved, fromStatus: null }, back, now)).toBe(false);
    expect(mayUndo(undefined, back, now)).toBe(false);
  });

  it('keeps a paid video completed', () => {
    expect(mayUndo(approved, { ...back, paid: true }, now)).toBe(false);
    const posted = { ...approved, fromStatus: 'ready_to_post', toStatus: 'posted' };
    const unpost = { ...back, current: 'posted', to: 'ready_to_post' as const, paid: true };
    expect(mayUndo(posted, unpost, now)).toBe(true);
  });
});

describe('startsWorkUnassigned', () => {
  it('is Start Work on a draft with no editor', () => {
    expect(startsWorkUnassigned({ status: 'draft' }, false, 'in_progress')).toBe(true);
    expect(startsWorkUnassigned({ status: 'draft' }, true, 'in_progress')).toBe(false);
    expect(startsWorkUnassigned({ status: 'draft' }, false, 'review')).toBe(false);
    expect(startsWorkUnassigned({ status: 'review' }, false, 'in_progress')).toBe(false);
  });
});

describe('deciding for the client (issue 41)', () => {
  it('only managers, only from the dialog, on a video in review', () => {
    expect(clientDecisions('manager', 'review').map((d) => [d.label, d.to])).toEqual([
      ['Approve for the client', 'ready_to_post'],
      ['Request changes for the client', 'in_progress'],
    ]);
    expect(clientDecisions('manager', 'in_progress')).toEqual([]);
    expect(clientDecisions('agency', 'review')).toEqual([]);
    expect(clientDecisions('client', 'review')).toEqual([]);
  });

  it('a manager approves a video waiting for the client only saying so', () => {
    expect(forClientRefusal('manager', 'review', 'ready_to_post', undefined)).toEqual({
      status: 409,
      message: WORKFLOW_MESSAGES.forClientRequired,
    });
    expect(forClientRefusal('manager', 'review', 'posted', false)?.status).toBe(409);
    expect(forClientRefusal('manager', 'review', 'ready_to_post', true)).toBeNull();
    expect(forClientRefusal('manager', 'review', 'in_progress', true)).toBeNull();
    // A Send Back (no decision for the client) and every other move need nothing.
    expect(forClientRefusal('manager', 'review', 'in_progress', undefined)).toBeNull();
    expect(forClientRefusal('manager', 'in_progress', 'ready_to_post', undefined)).toBeNull();
    // The client side decides as itself; the agency and misplaced flags are refused.
    expect(forClientRefusal('client', 'review', 'ready_to_post', undefined)).toBeNull();
    expect(forClientRefusal('client', 'review', 'ready_to_post', true)?.status).toBe(403);
    expect(forClientRefusal('agency', 'review', 'ready_to_post', true)?.status).toBe(403);
    expect(forClientRefusal('manager', 'draft', 'in_progress', true)?.status).toBe(400);
    expect(forClientRefusal('manager', 'review', 'draft', true)?.status).toBe(400);
  });
});
