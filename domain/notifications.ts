import { STATUS_LABELS, isVideoStatus } from './video-status';

/**
 * Notifications (docs/product.md#data, #statuses-and-the-workflow and #the-api; docs/rules.md#rules-the-product-leaves-open): their types, the texts the
 * server writes, the socket messages, and the small display rules the bell needs.
 */
export const NOTIFICATION_TYPES = [
  'comment',
  'mention',
  'status_change',
  'review_requested',
  'editor_assigned',
  'client_assigned',
  'client_unassigned',
  'new_video',
  'video_overdue',
  'changes_requested',
  'reply',
  'delivery_ready',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_PRIORITIES = ['low', 'normal', 'high'] as const;
export type NotificationPriority = (typeof NOTIFICATION_PRIORITIES)[number];

/** The newest this many are listed; older ones still count and are cleared by clear-all. */
export const NOTIFICATION_LIST_LIMIT = 100;
/** How long the bell offers to undo a clear all (its toast's Undo button). */
export const NOTIFICATION_UNDO_MS = 8_000;
/**
 * How long the server keeps what a clear all took, for its undo: longer than the toast shows,
 * so an Undo clicked at its last moment over a slow network still finds them.
 */
export const NOTIFICATION_UNDO_KEEP_MS = 60_000;

/** The bell's user-facing texts (the server's answers and the web's confirm and toasts). */
export const NOTIFICATION_MESSAGES = {
  cleared: 'Notifications cleared',
  confirmClear: 'Clear every notification? You can undo this for a few seconds.',
  restored: 'Notifications restored',
  nothingToRestore: 'These notifications can no longer be restored',
} as const;

/** docs/product.md#constants-and-limits: the count is refetched every two minutes. */
export const NOTIFICATION_POLL_MS = 120_000;

/** One notification as the API sends it (its schema: domain/notification-schemas.ts). */
export interface NotificationView {
  id: string;
  recipientId: string;
  type: string;
  title: string;
  message: string;
  videoId: string | null;
  commentId: string | null;
  isRead: boolean;
  priority: string;
  createdAt: string;
}

/** Messages the server sends on /ws. The client sends nothing but an optional {type:'ping'}. */
export type SocketMessage =
  | { type: 'notification'; data: NotificationView }
  | { type: 'count_update'; data: { count: number } }
  | { type: 'pong'; data: null };

/** Largest client message the socket accepts (bytes); bigger ones close it with code 1009. */
export const SOCKET_MAX_PAYLOAD = 4096;

// --- Texts -----------------------------------------------------------------------------------

/**
 * A person's name inside a message. Double quotes are turned into single ones so the only
 * double-quoted part of a message is the video name, which the bell copies (quotedVideoName).
 */
export const personLabel = (u: { name: string | null; username: string }) =>
  (u.name?.trim() || u.username).replaceAll('"', "'");

/** A cut as notices name it: 'v2', or 'the source' before the agency's first cut (version 0). */
export const versionLabel = (version: number) => (version > 0 ? `v${version}` : 'the source');

const statusLabel = (s: string) => (isVideoStatus(s) ? STATUS_LABELS[s] : s);

/** How many characters of a comment its notices and emails quote, the ellipsis included. */
export const COMMENT_QUOTE_LENGTH = 100;

/**
 * What a comment said, as its notices and emails quote it: on one line (a line break or tab in
 * an email's plain text body could pass for a header), at most COMMENT_QUOTE_LENGTH characters
 * ending with an ellipsis, and with double quotes turned into single ones so the only
 * double-quoted part of a message stays the video name (quotedVideoName).
 */
export function commentQuote(content: string, max = COMMENT_QUOTE_LENGTH): string {
  const flat = content.replace(/\s+/g, ' ').trim().replaceAll('"', "'");
  // By code point, so an emoji is never cut in half.
  const chars = Array.from(flat);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat;
}

/** ': “what was said”' after a message, or nothing when the comment is not known. */
const saying = (said?: string) => {
  const quote = said === undefined ? '' : commentQuote(said);
  return quote ? `: “${quote}”` : '';
};

interface Text {
  type: NotificationType;
  title: string;
  message: string;
  priority: NotificationPriority;
}

/** The title and message of each notification; every message about a video quotes its name. */
export const NOTIFICATION_TEXT = {
  /** `said`: the comment, quoted shortened (commentQuote). */
  comment: (actor: string, video: string, said?: string): Text => ({
    type: 'comment',
    title: 'New comment',
    message: `${actor} commented on "${video}"${saying(said)}`,
    priority: 'normal',
  }),
  mention: (actor: string, video: string, said?: string): Text => ({
    type: 'mention',
    title: 'You were mentioned',
    message: `${actor} mentioned you in a comment on "${video}"${saying(said)}`,
    priority: 'high',
  }),
  /** A reply in a thread the recipient is in (issue 45 part 4); `said`: the reply. */
  reply: (actor: string, video: string, said?: string): Text => ({
    type: 'reply',
    title: 'New reply',
    message: `${actor} replied in a thread on "${video}"${saying(said)}`,
    priority: 'normal',
  }),
  /** `version`: the cut sent (videos.current_version; 0 = the source, before any cut). */
  reviewRequested: (actor: string, video: string, version = 0): Text => ({
    type: 'review_requested',
    title: 'Video ready for review',
    message: `${actor} sent ${versionLabel(version)} of "${video}" for review`,
    priority: 'normal',
  }),
  /** A video still waiting for the client's decision, `days` after it went to review. */
  reviewReminder: (video: string, version: number, days: number): Text => ({
    type: 'review_requested',
    title: 'Still waiting for your review',
    message: `${versionLabel(version)} of "${video}" has waited ${days} ${days === 1 ? 'day' : 'days'} for your review`,
    priority: 'high',
  }),
  statusChange: (actor: string, video: string, from: string, to: string): Text => ({
    type: 'status_change',
    title: 'Video status updated',
    message: `${actor} moved "${video}" from ${statusLabel(from)} to ${statusLabel(to)}`,
    priority: 'normal',
  }),
  /** A video sent back from review with a note (the note is the linked comment). */
  changesRequested: (actor: string, video: string): Text => ({
    type: 'changes_requested',
    title: 'Changes requested',
    message: `${actor} sent "${video}" back with changes requested`,
    priority: 'high',
  }),
  editorAssigned: (actor: string, video: string): Text => ({
    type: 'editor_assigned',
    title: 'Video assigned to you',
    message: `${actor} made you the editor of "${video}"`,
    priority: 'normal',
  }),
  clientAssigned: (actor: string, client: string): Text => ({
    type: 'client_assigned',
    title: 'New client assigned',
    message: `${actor} assigned you to the client ${client}`,
    priority: 'normal',
  }),
  /** `videos`: how many of the client's videos were the editor's and are now unassigned. */
  clientUnassigned: (actor: string, client: string, videos: number): Text => ({
    type: 'client_unassigned',
    title: 'Removed from a client',
    message:
      videos > 0
        ? `${actor} removed you from the client ${client} and unassigned you from its ${videos} ${videos === 1 ? 'video' : 'videos'}`
        : `${actor} removed you from the client ${client}`,
    priority: 'normal',
  }),
  /** `forClient` is the owning client when someone else created the video for them. */
  newVideo: (actor: string, video: string, forClient: string | null): Text => ({
    type: 'new_video',
    title: 'New video',
    message: forClient
      ? `${actor} added a new video "${video}" for ${forClient}`
      : `${actor} added a new video "${video}"`,
    priority: 'normal',
  }),
  /**
   * A bulk change (issue 45), one notice for all of a recipient's videos: its type is the one
   * notices of one video would have (a move, an assignment), set by the server.
   */
  bulkMoved: (actor: string, count: number, to: string): Omit<Text, 'type'> => ({
    title: 'Videos moved',
    message: `${actor} moved ${count} videos to ${statusLabel(to)}`,
    priority: 'normal',
  }),
  bulkAssigned: (actor: string, count: number): Omit<Text, 'type'> => ({
    title: 'Videos assigned to you',
    message: `${actor} made you the editor of ${count} videos`,
    priority: 'normal',
  }),
  bulkChanged: (actor: string, count: number): Omit<Text, 'type'> => ({
    title: 'Videos updated',
    message: `${actor} changed ${count} videos`,
    priority: 'normal',
  }),
  bulkUndone: (actor: string, count: number): Omit<Text, 'type'> => ({
    title: 'Change undone',
    message: `${actor} undid a change to ${count} ${count === 1 ? 'video' : 'videos'}`,
    priority: 'normal',
  }),
  /** A "deliver when paid" video was paid: its delivery link is now the client side's. */
  deliveryReady: (video: string): Text => ({
    type: 'delivery_ready',
    title: 'Delivery available',
    message: `The delivery of "${video}" is available: it has been paid`,
    priority: 'high',
  }),
  overdue: (video: string): Text => ({
    type: 'video_overdue',
    title: 'Video overdue',
    message: `"${video}" is past its due date`,
    priority: 'high',
  }),
} as const;

/** The quoted video name of a message (from the first to the last double quote), or null. */
export function quotedVideoName(message: string): string | null {
  const first = message.indexOf('"');
  const last = message.lastIndexOf('"');
  return first >= 0 && last > first + 1 ? message.slice(first + 1, last) : null;
}

/** The unread badge: the count, '99+' above 99, nothing at zero. */
export const badgeLabel = (count: number): string | null =>
  count <= 0 ? null : count > 99 ? '99+' : String(count);

/** 'Just now' under a minute, then Nm, Nh, Nd ago; 'recently' when the date cannot be read. */
export function relativeTime(date: string | Date | null | undefined, now = new Date()): string {
  const at = date instanceof Date ? date : new Date(date ?? '');
  const ms = now.getTime() - at.getTime();
  if (Number.isNaN(ms)) return 'recently';
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}

/**
 * Where a notification leads, in the bell and in an email: the dashboard opened on its video
 * (and comment, and `at`: the moment in seconds the comment names, when known).
 */
export function notificationHref(
  n: Pick<NotificationView, 'videoId' | 'commentId'> & { at?: number | null },
): string {
  if (!n.videoId) return '/dashboard';
  const params = new URLSearchParams({ video: n.videoId });
  if (n.commentId) params.set('comment', n.commentId);
  if (n.commentId && n.at != null) params.set('t', String(n.at));
  return `/dashboard?${params.toString()}`;
}
