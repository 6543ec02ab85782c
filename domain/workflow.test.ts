import { describe, expect, it } from 'vitest';
import { COMPLETED_STATUSES, VIDEO_STATUSES } from './video-status';
import {
  isCompletedStatus,
  isOverdue,
  nextStatus,
  postedToggleTarget,
  primaryAction,
  simpleActions,
  toTime,
  WORKFLOW_ACTIONS,
  workflowActions,
} from './workflow';

describe('workflowActions (SPEC.md section 4)', () => {
  it('lists each status’s actions in order', () => {
    expect(WORKFLOW_ACTIONS).toEqual({
      draft: [
        { label: 'Start Work', to: 'in_progress' },
        { label: 'Submit Review', to: 'review' },
      ],
      in_progress: [
        { label: 'Submit Review', to: 'review' },
        { label: 'Back to Draft', to: 'draft' },
      ],
      review: [
        { label: 'Approve', to: 'ready_to_post' },
        { label: 'Request Changes', to: 'in_progress' },
      ],
      ready_to_post: [{ label: 'Mark as Posted', to: 'posted' }],
      posted: [],
    });
  });

  it('reads status text the way normalizeStatus does', () => {
    expect(workflowActions('review')).toBe(WORKFLOW_ACTIONS.review);
    expect(workflowActions('ready')).toBe(WORKFLOW_ACTIONS.ready_to_post);
    expect(workflowActions('In Progress')).toBe(WORKFLOW_ACTIONS.in_progress);
    expect(workflowActions('nonsense')).toBe(WORKFLOW_ACTIONS.draft);
  });
});

describe('primaryAction and nextStatus', () => {
  it('is the first action, or null for posted', () => {
    expect(primaryAction('draft')).toEqual({ label: 'Start Work', to: 'in_progress' });
    expect(primaryAction('in_progress')).toEqual({ label: 'Submit Review', to: 'review' });
    expect(primaryAction('review')).toEqual({ label: 'Approve', to: 'ready_to_post' });
    expect(primaryAction('ready_to_post')).toEqual({ label: 'Mark as Posted', to: 'posted' });
    expect(primaryAction('posted')).toBeNull();
  });

  it('nextStatus always moves exactly one step forward, and stops at posted', () => {
    VIDEO_STATUSES.forEach((status, i) => {
      expect(nextStatus(status)?.to ?? null, status).toBe(VIDEO_STATUSES[i + 1] ?? null);
    });
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
