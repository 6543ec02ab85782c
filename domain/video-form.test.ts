import { describe, expect, it } from 'vitest';
import {
  changedFields,
  defaultDueDate,
  defaultDueDateText,
  editorChoiceFor,
  editorControlFor,
  editVideoValues,
  mobileAnimationDelay,
  targetChoiceFor,
  teamDeletionWarning,
  toUtcIso,
  videoUpdateOf,
} from './video-form';
import { firstByField } from './test-helpers';
import { DATE_RANGE_MESSAGE } from './dates';
import { LINK_MESSAGES } from './links';
import { addVideoForm, editVideoForm, VIDEO_MESSAGES, type AddVideoFormValues } from './videos';

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
    expect(changedFields({ d: '2026-01-01' }, { d: null }, ['d'])).toEqual({
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

describe('addVideoForm', () => {
  const filled: AddVideoFormValues = {
    name: 'Spring teaser',
    targetUserId: 'self',
    type: 'consultation',
    customType: '',
    status: 'draft',
    description: '',
    dueDate: '2030-05-20',
    dueTime: '09:30',
    assignedEditorId: 'auto',
    link: 'youtu.be/abcdefghijk',
    frameRate: '',
    priority: 'normal',
  };

  it('accepts the defaults with a link, and an empty name or due date', () => {
    expect(addVideoForm.safeParse(filled).success).toBe(true);
    expect(addVideoForm.safeParse({ ...filled, name: '  ', dueDate: '' }).success).toBe(true);
  });
  it("takes a frame rate of the list, or '' for the agency's", () => {
    expect(addVideoForm.safeParse({ ...filled, frameRate: '25' }).success).toBe(true);
    expect(addVideoForm.safeParse({ ...filled, frameRate: '29.97df' }).success).toBe(true);
    expect(addVideoForm.safeParse({ ...filled, frameRate: '26' }).success).toBe(false);
  });
  it('asks for the custom type only when the type is Other, with the body rule', () => {
    expect(addVideoForm.safeParse({ ...filled, customType: 'x!' }).success).toBe(true);
    const other = { ...filled, type: 'other' };
    expect(firstByField(addVideoForm, { ...other, customType: '   ' })).toEqual({
      customType: VIDEO_MESSAGES.customTypeRequired,
    });
    expect(firstByField(addVideoForm, { ...other, customType: 'Demo!' })).toEqual({
      customType: VIDEO_MESSAGES.typeInvalid,
    });
    expect(addVideoForm.safeParse({ ...other, customType: 'Product Demo' }).success).toBe(true);
  });
  it('reports every field at once: link, custom type and due date', () => {
    expect(
      firstByField(addVideoForm, { ...filled, type: 'other', link: '', dueDate: 'yesterday' }),
    ).toEqual({
      link: LINK_MESSAGES.required,
      customType: VIDEO_MESSAGES.customTypeRequired,
      dueDate: VIDEO_MESSAGES.dateInvalid,
    });
    expect(firstByField(addVideoForm, { ...filled, link: 'mailto:someone' })).toEqual({
      link: LINK_MESSAGES.invalid,
    });
  });
  it('shows a due date out of range under the due date (it used to block without a word)', () => {
    expect(firstByField(addVideoForm, { ...filled, dueDate: '3000-01-01' })).toEqual({
      dueDate: DATE_RANGE_MESSAGE,
    });
  });
});

describe('the edit form', () => {
  const text = { name: 'Teaser', description: 'Cut one', link: 'https://vimeo.com/1' };
  const stored = { status: 'in_progress', internalNotes: 'notes', priority: 'normal' as const };
  const dueDate = new Date(2030, 4, 20, 9, 30).toISOString();
  const video = {
    ...text,
    ...stored,
    type: 'Product Demo',
    startDate: null,
    dueDate,
    publishedUrl: null,
    publishedAt: null,
  };
  const original = editVideoValues(video);

  it('opens with local dates, the stored custom type and 14:00 without a due date', () => {
    expect(original).toMatchObject({ ...text, ...stored, type: 'product-demo', customType: '' });
    const dates = [original.startDate, original.dueDate, original.dueTime];
    expect(dates).toEqual(['', '2030-05-20', '09:30']);
    expect(Object.keys(original)).toHaveLength(13);
    expect(editVideoValues({ ...video, dueDate: null }).dueTime).toBe('14:00');
  });
  it('sends only what changed: Other as its custom type, notes only from the team', () => {
    expect(videoUpdateOf(original, original, true)).toEqual({});
    const edited = {
      ...original,
      name: 'Teaser 2',
      type: 'other',
      customType: 'Behind The Scenes',
      internalNotes: 'new',
      dueTime: '10:00',
    };
    expect(videoUpdateOf(original, edited, true)).toEqual({
      name: 'Teaser 2',
      type: 'behind-the-scenes',
      internalNotes: 'new',
      dueDate: new Date(2030, 4, 20, 10, 0).toISOString(),
    });
    expect(videoUpdateOf(original, edited, false)).not.toHaveProperty('internalNotes');
    expect(videoUpdateOf(original, { ...original, priority: 'urgent' }, false)).toEqual({
      priority: 'urgent',
    });
    expect(videoUpdateOf(original, { ...original, startDate: '2030-05-01' }, false)).toEqual({
      startDate: new Date(2030, 4, 1, 0, 0).toISOString(),
    });
  });
  it('checks the custom type first, then only the changed fields against the PATCH body', () => {
    const check = editVideoForm(original, true);
    expect(firstByField(check, { ...original, type: 'other', name: '' })).toEqual({
      customType: VIDEO_MESSAGES.customTypeRequired,
    });
    expect(firstByField(check, { ...original, name: '   ' })).toEqual({
      name: VIDEO_MESSAGES.nameRequired,
    });
    expect(firstByField(check, { ...original, link: 'mailto:x' })).toEqual({
      link: LINK_MESSAGES.invalidUrl,
    });
    // A stored link the rules no longer accept does not stop another change.
    const legacy = { ...original, link: 'not a link' };
    expect(editVideoForm(legacy, true).safeParse({ ...legacy, name: 'Renamed' }).success).toBe(
      true,
    );
  });
});
