import { describe, expect, it } from 'vitest';
import { isVideoStatus, normalizeStatus, STATUS_LABELS, VIDEO_STATUSES } from './video-status';
import { itReturns } from './test-helpers';

describe('VIDEO_STATUSES', () => {
  it('lists the five statuses in workflow order', () => {
    expect(VIDEO_STATUSES).toEqual(['draft', 'in_progress', 'review', 'ready_to_post', 'posted']);
  });

  it('labels them as docs/product.md#statuses-and-the-workflow does', () => {
    expect(Object.keys(STATUS_LABELS)).toEqual([...VIDEO_STATUSES]);
    expect(VIDEO_STATUSES.map((s) => STATUS_LABELS[s])).toEqual([
      'Draft',
      'In Progress',
      'In Review',
      'Ready to Post',
      'Posted',
    ]);
  });
});

describe('normalizeStatus', () => {
  it.each(VIDEO_STATUSES)('passes the valid status %s through', (status) => {
    expect(normalizeStatus(status)).toBe(status);
  });

  itReturns(normalizeStatus, 'reads %j as %s', [
    // Valid statuses, case-insensitively and trimmed.
    ['POSTED', 'posted'],
    [' Review ', 'review'],
    ['In_Progress', 'in_progress'],
    ['READY_TO_POST', 'ready_to_post'],
    ['Draft', 'draft'],
    // 'ready', 'ready to post' and 'ready to be posted' are ready_to_post, in any case.
    ['ready', 'ready_to_post'],
    ['ready to post', 'ready_to_post'],
    ['ready to be posted', 'ready_to_post'],
    ['Ready', 'ready_to_post'],
    ['READY', 'ready_to_post'],
    ['Ready To Post', 'ready_to_post'],
    ['  Ready to be Posted ', 'ready_to_post'],
    ['ready_to_be_posted', 'ready_to_post'],
    // 'in progress' is in_progress.
    ['in progress', 'in_progress'],
    ['In Progress', 'in_progress'],
    ['IN  PROGRESS', 'in_progress'],
    // Unknown, empty and missing statuses are draft.
    ['published', 'draft'],
    ['done', 'draft'],
    ['readyish', 'draft'],
    ['in-progress', 'draft'],
    ['', 'draft'],
    ['   ', 'draft'],
    [null, 'draft'],
    [undefined, 'draft'],
  ]);
});

describe('isVideoStatus', () => {
  it.each(VIDEO_STATUSES)('accepts the exact status value %s', (status) => {
    expect(isVideoStatus(status)).toBe(true);
  });

  it.each(['ready', 'Posted', 'in progress', '', undefined, 3])('refuses %j', (value) => {
    expect(isVideoStatus(value)).toBe(false);
  });
});
