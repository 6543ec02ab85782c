import { describe, expect, it } from 'vitest';
import { BOARD_MESSAGES, boardDropRefusal } from './board';
import { VIDEO_STATUSES } from './video-status';
import { moveRefusal, WORKFLOW_MESSAGES } from './workflow';

describe('boardDropRefusal', () => {
  it('lets each side drop where the workflow table lets it move, and nowhere else', () => {
    const allowed = (side: 'agency' | 'client', from: string) =>
      VIDEO_STATUSES.filter((to) => to !== from && boardDropRefusal(side, from, to) === null);
    expect(allowed('agency', 'draft')).toEqual(['in_progress', 'review']);
    expect(allowed('agency', 'review')).toEqual(['in_progress']);
    expect(allowed('agency', 'ready_to_post')).toEqual(['posted']);
    expect(allowed('client', 'draft')).toEqual([]);
    expect(allowed('client', 'review')).toEqual(['in_progress', 'ready_to_post']);
  });

  it('says why in the rule’s own words', () => {
    expect(boardDropRefusal('client', 'draft', 'posted')).toBe(
      moveRefusal('client', 'draft', 'posted'),
    );
    expect(boardDropRefusal('agency', 'review', 'ready_to_post')).toBe(
      WORKFLOW_MESSAGES.clientApproves,
    );
  });

  it('gives a manager every move but the client’s approval, made in the dialog', () => {
    expect(boardDropRefusal('manager', 'draft', 'posted')).toBeNull();
    expect(boardDropRefusal('manager', 'posted', 'draft')).toBeNull();
    expect(boardDropRefusal('manager', 'review', 'ready_to_post')).toBe(
      BOARD_MESSAGES.managerApproval,
    );
    expect(boardDropRefusal('manager', 'review', 'posted')).toBe(BOARD_MESSAGES.managerApproval);
  });

  it('refuses a viewer who may not change the video, and never its own column', () => {
    expect(boardDropRefusal('manager', 'draft', 'review', false)).toBe(BOARD_MESSAGES.noAccess);
    expect(boardDropRefusal('client', 'draft', 'draft', false)).toBeNull();
  });
});
