import { z } from 'zod';

/**
 * A video's priority (issue 45; docs/product.md#priority): how urgent the agency's work on it is.
 * Every video has one, `normal` unless someone says otherwise; the cards show it only when it is
 * not normal. The order is the list's: the most urgent last here, first when sorted.
 */
export const VIDEO_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export type VideoPriority = (typeof VIDEO_PRIORITIES)[number];

export const DEFAULT_PRIORITY: VideoPriority = 'normal';

export const PRIORITY_LABELS: Record<VideoPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};

/** The badge's colour (Mantine's palette); normal has none, since no badge is shown. */
export const PRIORITY_COLORS: Record<VideoPriority, string> = {
  low: 'gray',
  normal: 'gray',
  high: 'orange',
  urgent: 'red',
};

/** The priority pickers' options (the add and edit forms, the bulk bar), in the list's order. */
export const PRIORITY_OPTIONS = VIDEO_PRIORITIES.map((p) => ({
  value: p,
  label: PRIORITY_LABELS[p],
}));

export const PRIORITY_MESSAGE = `Priority must be one of ${VIDEO_PRIORITIES.join(', ')}`;

export const videoPrioritySchema = z.enum(VIDEO_PRIORITIES, { error: PRIORITY_MESSAGE });

export const isVideoPriority = (value: unknown): value is VideoPriority =>
  typeof value === 'string' && (VIDEO_PRIORITIES as readonly string[]).includes(value);

/** A priority as shown; unknown text reads as normal. */
export const priorityLabel = (value: string): string =>
  PRIORITY_LABELS[isVideoPriority(value) ? value : DEFAULT_PRIORITY];
