import { describe, expect, it } from 'vitest';
import {
  changedFields,
  defaultDueDate,
  defaultDueDateText,
  editorChoiceFor,
  editorControlFor,
  mobileAnimationDelay,
  targetChoiceFor,
  teamDeletionWarning,
  toUtcIso,
} from './video-form';

const actor = (role: string, isAdmin = 'false', id = 'me') => ({ id, role, isAdmin });

describe('dates', () => {
  it('defaults the due date to three days ahead', () => {
    expect(defaultDueDateText(new Date(2026, 0, 30, 9, 0))).toBe('2026-02-02');
  });
  it('defaults the due moment to three days ahead at 14:00 local time, whatever the hour now', () => {
    expect(defaultDueDate(new Date(2026, 0, 30, 9, 41, 7, 250))).toEqual(
      new Date(2026, 1, 2, 14, 0, 0, 0),
    );
    expect(defaultDueDate(new Date(2026, 11, 31, 23, 59))).toEqual(new Date(2027, 0, 3, 14, 0));
  });
  it('sends a local date and time as UTC, 14:00 when no time is given', () => {
    expect(toUtcIso('2026-03-01', '')).toBe(new Date(2026, 2, 1, 14, 0).toISOString());
    expect(toUtcIso('2026-03-01', '09:30')).toBe(new Date(2026, 2, 1, 9, 30).toISOString());
    expect(toUtcIso('', '09:30')).toBeNull();
    expect(toUtcIso('yesterday', '')).toBeNull();
  });
});

describe('changedFields', () => {
  it('keeps only what changed; dates compare by instant', () => {
    const before = { name: 'A', link: 'https://x.io', dueDate: '2026-03-01T14:00:00.000Z' };
    const after = { name: 'B', link: 'https://x.io', dueDate: '2026-03-01T14:00:00Z' };
    expect(changedFields(before, after, ['dueDate'])).toEqual({ name: 'B' });
    expect(changedFields(before, before, ['dueDate'])).toEqual({});
  });
  it('treats null and empty text alike, but a cleared date as a change', () => {
    expect(changedFields({ d: null as string | null }, { d: '' })).toEqual({});
    expect(changedFields({ d: '2026-01-01' as string | null }, { d: null }, ['d'])).toEqual({
      d: null,
    });
  });
});

describe('who picks what', () => {
  it('gives each role its assigned-editor control', () => {
    expect(editorControlFor(actor('editor'), { userId: 'c' })).toBe('self-toggle');
    expect(editorControlFor(actor('client'), { userId: 'me' })).toBe('client-choice');
    expect(editorControlFor(actor('client'), { userId: 'other' })).toBe('read-only');
    expect(editorControlFor(actor('client_team_lead'), { userId: 'c' })).toBe('read-only');
    expect(editorControlFor(actor('lead_editor'), { userId: 'c' })).toBe('manager-choice');
    expect(editorControlFor(actor('king'), { userId: 'c' })).toBe('manager-choice');
    expect(editorControlFor(actor('editor', 'true'), { userId: 'c' })).toBe('manager-choice');
  });
  it('offers targets and editors by role', () => {
    expect(targetChoiceFor(actor('client'))).toBe('none');
    expect(targetChoiceFor(actor('editor'))).toBe('assigned-clients');
    expect(targetChoiceFor(actor('king'))).toBe('all-clients');
    expect(targetChoiceFor(actor('client_team_lead'))).toBe('led-clients');
    expect(editorChoiceFor(actor('editor'))).toBe('self');
    expect(editorChoiceFor(actor('client'))).toBe('assigned-editors');
    expect(editorChoiceFor(actor('lead_editor'))).toBe('all-editors');
    expect(editorChoiceFor(actor('client_team_lead'))).toBe('none');
  });
});

describe('teamDeletionWarning', () => {
  it('says nothing for one own video and differs by role otherwise', () => {
    expect(teamDeletionWarning(actor('client'), { userId: 'me' }, 'Ann')).toBeNull();
    const texts = ['editor', 'lead_editor', 'king'].map((r) =>
      teamDeletionWarning(actor(r), { userId: 'c' }, 'Ann'),
    );
    expect(new Set(texts).size).toBe(3);
    for (const t of texts) expect(t).toContain('Ann');
  });
});

describe('mobileAnimationDelay', () => {
  it('is min(index*50, 300)', () => {
    expect([0, 1, 5, 6, 7, 100].map(mobileAnimationDelay)).toEqual([0, 50, 250, 300, 300, 300]);
  });
});
