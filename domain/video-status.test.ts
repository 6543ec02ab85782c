import { describe, expect, it } from 'vitest';
import { isVideoStatus, normalizeStatus, STATUS_LABELS, VIDEO_STATUSES } from './video-status';

describe('VIDEO_STATUSES', () => {
  it('lists the five statuses in workflow order', () => {
    expect(VIDEO_STATUSES).toEqual(['draft', 'in_progress', 'review', 'ready_to_post', 'posted']);
  });

  it('labels them as SPEC.md section 4 does', () => {
    expect(STATUS_LABELS).toEqual({
      draft: 'Draft',
      in_progress: 'In Progress',
      review: 'In Review',
      ready_to_post: 'Ready to Post',
      posted: 'Posted',
    });
  });
});

describe('normalizeStatus', () => {
  it('passes every valid status through', () => {
    for (const status of VIDEO_STATUSES) expect(normalizeStatus(status)).toBe(status);
  });

  it('reads valid statuses case-insensitively and trimmed', () => {
    expect(normalizeStatus('POSTED')).toBe('posted');
    expect(normalizeStatus(' Review ')).toBe('review');
    expect(normalizeStatus('In_Progress')).toBe('in_progress');
    expect(normalizeStatus('READY_TO_POST')).toBe('ready_to_post');
    expect(normalizeStatus('Draft')).toBe('draft');
  });

  it("maps 'ready', 'ready to post' and 'ready to be posted' to ready_to_post", () => {
    expect(normalizeStatus('ready')).toBe('ready_to_post');
    expect(normalizeStatus('ready to post')).toBe('ready_to_post');
    expect(normalizeStatus('ready to be posted')).toBe('ready_to_post');
  });

  it('maps the aliases case-insensitively', () => {
    expect(normalizeStatus('Ready')).toBe('ready_to_post');
    expect(normalizeStatus('READY')).toBe('ready_to_post');
    expect(normalizeStatus('Ready To Post')).toBe('ready_to_post');
    expect(normalizeStatus('  Ready to be Posted ')).toBe('ready_to_post');
    expect(normalizeStatus('ready_to_be_posted')).toBe('ready_to_post');
  });

  it("maps 'in progress' to in_progress", () => {
    expect(normalizeStatus('in progress')).toBe('in_progress');
    expect(normalizeStatus('In Progress')).toBe('in_progress');
    expect(normalizeStatus('IN  PROGRESS')).toBe('in_progress');
  });

  it('turns unknown, empty and missing statuses into draft', () => {
    expect(normalizeStatus('published')).toBe('draft');
    expect(normalizeStatus('done')).toBe('draft');
    expect(normalizeStatus('readyish')).toBe('draft');
    expect(normalizeStatus('in-progress')).toBe('draft');
    expect(normalizeStatus('')).toBe('draft');
    expect(normalizeStatus('   ')).toBe('draft');
    expect(normalizeStatus(null)).toBe('draft');
    expect(normalizeStatus(undefined)).toBe('draft');
  });
});

describe('isVideoStatus', () => {
  it('accepts only the exact status values', () => {
    for (const status of VIDEO_STATUSES) expect(isVideoStatus(status)).toBe(true);
    expect(isVideoStatus('ready')).toBe(false);
    expect(isVideoStatus('Posted')).toBe(false);
    expect(isVideoStatus('in progress')).toBe(false);
    expect(isVideoStatus('')).toBe(false);
    expect(isVideoStatus(undefined)).toBe(false);
    expect(isVideoStatus(3)).toBe(false);
  });
});
