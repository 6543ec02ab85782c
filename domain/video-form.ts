import { isManager, normalizeRole, type Actor, type Role } from './roles';
import { normalizeStatus } from './video-status';
import { normalizeCustomType } from './video-types';
import type { UpdateVideoBody, VideoView } from './videos';

/**
 * Rules of the video dialogs (docs/product.md#screens and #validation-and-messages): default dates, the due date sent in
 * UTC, which fields changed, who picks the editor and the target, and the deletion warning.
 */
export const DEFAULT_DUE_TIME = '14:00';
export const DEFAULT_DUE_DAYS = 3;

const pad = (n: number) => String(n).padStart(2, '0');

/** 'YYYY-MM-DD' of a date in the browser's time zone (what a date input shows). */
export function localDateText(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'HH:MM' of a date in the browser's time zone (what a time input shows). */
export function localTimeText(date: Date): string {
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * A new video's default due date (docs/product.md#validation-and-messages): DEFAULT_DUE_DAYS from now at
 * DEFAULT_DUE_TIME, in local time (the browser's in the add dialog, the server's when a create
 * call sends none).
 */
export function defaultDueDate(now: Date): Date {
  const [hours, minutes] = DEFAULT_DUE_TIME.split(':').map(Number);
  const due = new Date(now);
  due.setDate(due.getDate() + DEFAULT_DUE_DAYS);
  due.setHours(hours!, minutes, 0, 0);
  return due;
}

/** The add dialog's default due date as its date input shows it (the time input shows 14:00). */
export function defaultDueDateText(now: Date): string {
  return localDateText(defaultDueDate(now));
}

/**
 * A local date and time (as the inputs give them) as a UTC ISO string; an empty time means
 * 14:00. Empty or unreadable dates give null.
 */
export function toUtcIso(dateText: string, timeText: string): string | null {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateText.trim());
  if (!date) return null;
  const time = /^(\d{1,2}):(\d{2})$/.exec((timeText.trim() || DEFAULT_DUE_TIME).slice(0, 5));
  if (!time) return null;
  const local = new Date(
    Number(date[1]),
    Number(date[2]) - 1,
    Number(date[3]),
    Number(time[1]),
    Number(time[2]),
  );
  return Number.isNaN(local.getTime()) ? null : local.toISOString();
}

/**
 * Only the fields whose value differs from the original (docs/product.md#validation-and-messages 'Video update').
 * Text is compared as given; dates compare by instant so a re-formatted date is no change.
 */
export function changedFields<T extends Record<string, string | null>>(
  original: T,
  edited: T,
  dateKeys: readonly (keyof T)[] = [],
): Partial<T> {
  const changes: Partial<T> = {};
  for (const key of Object.keys(edited) as (keyof T)[]) {
    const before = original[key] ?? null;
    const after = edited[key] ?? null;
    const same = dateKeys.includes(key)
      ? (before ? Date.parse(before) : null) === (after ? Date.parse(after) : null)
      : (before ?? '') === (after ?? '');
    if (!same) changes[key] = edited[key];
  }
  return changes;
}

/** The Edit Video Details form as its inputs hold it: dates and the due time as local text. */
export type EditVideoValues = {
  name: string;
  type: string;
  customType: string;
  description: string;
  startDate: string;
  dueDate: string;
  dueTime: string;
  link: string;
  status: string;
  internalNotes: string;
  /** Where and when a posted video went out ('' when not recorded). */
  publishedUrl: string;
  publishedAt: string;
  /** low, normal, high or urgent (domain/video-priority.ts). */
  priority: string;
};

/** What the edit form opens with: a custom type as stored, the due time 14:00 when none. */
export function editVideoValues(
  video: Pick<
    VideoView,
    | 'name'
    | 'type'
    | 'description'
    | 'link'
    | 'status'
    | 'internalNotes'
    | 'startDate'
    | 'dueDate'
    | 'publishedUrl'
    | 'publishedAt'
    | 'priority'
  >,
): EditVideoValues {
  const start = video.startDate ? new Date(video.startDate) : null;
  const due = video.dueDate ? new Date(video.dueDate) : null;
  return {
    name: video.name,
    type: normalizeCustomType(video.type),
    customType: '',
    description: video.description,
    startDate: start ? localDateText(start) : '',
    dueDate: due ? localDateText(due) : '',
    dueTime: due ? localTimeText(due) : DEFAULT_DUE_TIME,
    link: video.link,
    status: normalizeStatus(video.status),
    internalNotes: video.internalNotes ?? '',
    publishedUrl: video.publishedUrl ?? '',
    publishedAt: video.publishedAt ?? '',
    priority: video.priority,
  };
}

/**
 * What an edit sends (docs/product.md#validation-and-messages 'Video update'): the fields that differ from what the
 * form opened with, Other as its normalised custom type, internal notes only from the team,
 * the dates in UTC (the start at midnight). Empty when nothing changed.
 */
export function videoUpdateOf(
  original: EditVideoValues,
  values: EditVideoValues,
  withNotes: boolean,
): UpdateVideoBody {
  const edited: EditVideoValues = {
    ...values,
    type: values.type === 'other' ? normalizeCustomType(values.customType) : values.type,
  };
  const changed = changedFields({ ...original, customType: '' }, { ...edited, customType: '' });
  const body: UpdateVideoBody = {};
  if ('name' in changed) body.name = edited.name;
  if ('type' in changed) body.type = edited.type;
  if ('description' in changed) body.description = edited.description;
  if ('link' in changed) body.link = edited.link;
  // One of the selectable statuses; editVideoForm checks the body before it is sent.
  if ('status' in changed) body.status = edited.status as UpdateVideoBody['status'];
  // One of the picker's options; editVideoForm checks the body before it is sent.
  if ('priority' in changed) body.priority = edited.priority as UpdateVideoBody['priority'];
  if (withNotes && 'internalNotes' in changed) body.internalNotes = edited.internalNotes;
  if ('startDate' in changed) body.startDate = toUtcIso(edited.startDate, '00:00');
  if ('dueDate' in changed || 'dueTime' in changed) {
    body.dueDate = toUtcIso(edited.dueDate, edited.dueTime);
  }
  // Posting as a step (domain/publishing.ts): recorded while the video is or becomes posted; an
  // emptied field clears it.
  if (normalizeStatus(edited.status) === 'posted') {
    if ('publishedUrl' in changed) body.publishedUrl = edited.publishedUrl.trim() || null;
    if ('publishedAt' in changed) body.publishedAt = edited.publishedAt || null;
  }
  return body;
}

/** Which assigned-editor control a viewer gets in the detail dialog (docs/product.md#screens). */
export type EditorControl = 'self-toggle' | 'client-choice' | 'manager-choice' | 'read-only';

/**
 * Whom the 'Create Video For' selector offers: nobody (no selector) for clients, assigned
 * clients plus self for editors, all clients plus self for managers. A client team lead acts
 * for the clients it leads: its new videos are theirs, never its own.
 */
export type TargetChoice = 'none' | 'assigned-clients' | 'led-clients' | 'all-clients';

/** The add dialog's editor options: self for editors, assigned editors for clients, all for managers. */
export type EditorChoice = 'self' | 'assigned-editors' | 'all-editors' | 'none';

interface DialogChoices {
  target: TargetChoice;
  editor: EditorChoice;
  control: EditorControl;
}

/** A manager's: a lead editor, the king, and an admin of any role. */
const MANAGER: DialogChoices = {
  target: 'all-clients',
  editor: 'all-editors',
  control: 'manager-choice',
};

/** What each role gets in the video dialogs (a client chooses the editor of its own videos). */
const DIALOG_CHOICES: Record<Role, DialogChoices> = {
  client: { target: 'none', editor: 'assigned-editors', control: 'client-choice' },
  editor: { target: 'assigned-clients', editor: 'self', control: 'self-toggle' },
  client_team_lead: { target: 'led-clients', editor: 'none', control: 'read-only' },
  lead_editor: MANAGER,
  king: MANAGER,
};

const choicesOf = (viewer: Actor): DialogChoices =>
  isManager(viewer) ? MANAGER : DIALOG_CHOICES[normalizeRole(viewer.role)];

export function editorControlFor(viewer: Actor, video: { userId: string }): EditorControl {
  const { control } = choicesOf(viewer);
  return control === 'client-choice' && video.userId !== viewer.id ? 'read-only' : control;
}

export const targetChoiceFor = (viewer: Actor): TargetChoice => choicesOf(viewer).target;

export const editorChoiceFor = (viewer: Actor): EditorChoice => choicesOf(viewer).editor;

export const DELETE_CONFIRM_TEXT =
  'Are you sure you want to delete this video? This action cannot be undone.';

/**
 * The team deletion warning shown when deleting someone else's video: different words for an
 * editor, a lead editor and anyone else (docs/product.md#screens). Null for one's own video.
 */
export function teamDeletionWarning(
  viewer: Actor,
  video: { userId: string },
  ownerName: string,
): string | null {
  if (video.userId === viewer.id) return null;
  switch (normalizeRole(viewer.role)) {
    case 'editor':
      return `This video belongs to your client ${ownerName}. They and their team will no longer see it.`;
    case 'lead_editor':
      return `As a lead editor you are deleting ${ownerName}'s video for the whole team.`;
    default:
      return `You are deleting a video that belongs to ${ownerName}.`;
  }
}

/** Mobile list items fade in one after another, never waiting longer than 300 ms. */
export const mobileAnimationDelay = (index: number): number =>
  Math.min(Math.max(0, index) * 50, 300);
