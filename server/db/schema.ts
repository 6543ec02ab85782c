import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Every entity of docs/product.md#data, plus sessions and the video status history.
 * Deleting a user removes what is theirs (cascade) and unassigns them from others' videos
 * (set null), as docs/rules.md#rules-the-product-leaves-open asks.
 */
// Milliseconds, the precision of a JavaScript Date: a timestamp read back and sent again (a
// paging cursor, say) then compares equal to the stored one.
const at = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });
const createdAt = () => at('created_at').notNull().defaultNow();
const updatedAt = () => at('updated_at').notNull().defaultNow();
/** PostgreSQL bytea as a Buffer (both drivers read it as bytes). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
const money = (name: string) => numeric(name, { precision: 10, scale: 2 });
const rowId = () => uuid('id').primaryKey().defaultRandom();
/** A required link to the row that owns this one: deleting it deletes this row too. */
const partOf = (name: string, target: () => AnyPgColumn) =>
  uuid(name).notNull().references(target, { onDelete: 'cascade' });
/** A user the row names (who did something, the assigned editor): null once they are deleted. */
const byUser = (name: string) => uuid(name).references(() => users.id, { onDelete: 'set null' });

export const users = pgTable(
  'users',
  {
    id: rowId(),
    username: text('username').notNull().unique(),
    password: text('password').notNull(),
    name: text('name'),
    /** A hash of the avatar's bytes (user_avatars), null without one: it versions the URL. */
    avatarVersion: text('avatar_version'),
    isAdmin: text('is_admin').notNull().default('false'),
    role: text('role').notNull().default('user'),
    isVip: boolean('is_vip').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('users_role_idx').on(t.role),
    uniqueIndex('users_lower_username_uq').on(sql`lower(${t.username})`),
  ],
);

/** Avatar images, apart from users so that no list of people ever reads them. */
export const userAvatars = pgTable('user_avatars', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie token; the token itself is never stored. */
    id: text('id').primaryKey(),
    userId: partOf('user_id', () => users.id),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const videoTypes = pgTable('video_types', {
  id: rowId(),
  name: text('name').notNull().unique(),
  displayName: text('display_name').notNull(),
  defaultPrice: money('default_price').notNull().default('0.00'),
  isActive: text('is_active').notNull().default('true'),
  /**
   * The client whose custom type this is (made through "Other"); null for the built-in types and
   * the king's. A plain uuid, no foreign key: the type outlives its owner (migration 0006).
   */
  ownerId: uuid('owner_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The unique index of each client's ordinals (docs/rules.md#rules-the-product-leaves-open: next = highest + 1). */
export const VIDEO_ORDINAL_INDEX = 'videos_user_ordinal_uq';

export const videos = pgTable(
  'videos',
  {
    id: rowId(),
    ordinal: integer('ordinal').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull().default('consultation'),
    status: text('status').notNull().default('draft'),
    link: text('link').notNull(),
    description: text('description').notNull().default(''),
    internalNotes: text('internal_notes').notNull().default(''),
    userId: partOf('user_id', () => users.id),
    assignedEditorId: byUser('assigned_editor_id'),
    startDate: at('start_date').defaultNow(),
    dueDate: at('due_date'),
    finishDate: at('finish_date'),
    duration: integer('duration'),
    paymentAmount: money('payment_amount').notNull().default('0.00'),
    paymentStatus: text('payment_status').notNull().default('unpaid'),
    lockedPrice: money('locked_price'),
    paidDate: at('paid_date'),
    /**
     * When the video entered its current status: the changed_at of its last status history row,
     * kept with every status change (the card's "whose turn, for how long", issue 18). A column
     * rather than a lookup in the history, so the lists read it for free (migration 0010).
     */
    statusChangedAt: at('status_changed_at').notNull().defaultNow(),
    /**
     * Where and when the video went out (issue 18, "Posting as a step"): asked for, both optional,
     * when it is marked posted. The day is a calendar day the person picks, not an instant.
     */
    publishedUrl: text('published_url'),
    publishedAt: date('published_at', { mode: 'string' }),
    /** The newest cut's number, 0 while there is none: the source only (migration 0025). */
    currentVersion: integer('current_version').notNull().default(0),
    /** How many review rounds began (migration 0025): the card's "Round N". */
    rounds: integer('rounds').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex(VIDEO_ORDINAL_INDEX).on(t.userId, t.ordinal),
    // With the client: an editor's count of other clients' videos from the index alone (0020).
    index('videos_assigned_editor_idx').on(t.assignedEditorId, t.userId),
    index('videos_status_idx').on(t.status, t.createdAt),
    // The lists' order and cursor (created_at desc, id desc): the first page reads 50 index
    // entries instead of sorting every video.
    index('videos_created_idx').on(t.createdAt, t.id),
    index('videos_due_date_idx').on(t.dueDate),
    // The overdue tile reads only the open videos past their date (migration 0018).
    index('videos_open_due_idx')
      .on(t.dueDate)
      .where(sql`${t.status} not in ('ready_to_post', 'posted')`),
    // Needs My Review reads only the videos in review since before a day (migration 0027).
    index('videos_review_since_idx')
      .on(t.statusChangedAt)
      .where(sql`${t.status} = 'review'`),
    index('videos_finish_date_idx').on(t.finishDate),
    index('videos_paid_date_idx').on(t.paidDate),
  ],
);

/**
 * Each client's videos counted by status (migration 0018): kept by statement triggers on
 * videos, never by the app, so the lead dashboard's tiles and the client list's counts read a
 * row a client instead of every video. `total` counts every status.
 */
export const videoCounts = pgTable('video_counts', {
  userId: uuid('user_id').primaryKey(),
  total: bigint('total', { mode: 'number' }).notNull().default(0),
  draft: bigint('draft', { mode: 'number' }).notNull().default(0),
  inProgress: bigint('in_progress', { mode: 'number' }).notNull().default(0),
  review: bigint('review', { mode: 'number' }).notNull().default(0),
  readyToPost: bigint('ready_to_post', { mode: 'number' }).notNull().default(0),
  posted: bigint('posted', { mode: 'number' }).notNull().default(0),
});

export const videoStatusHistory = pgTable(
  'video_status_history',
  {
    id: rowId(),
    videoId: partOf('video_id', () => videos.id),
    changedById: byUser('changed_by_id'),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    changedAt: at('changed_at').notNull().defaultNow(),
    /** The name a review link's guest gave (changedById null then): migration 0012. */
    guestName: text('guest_name'),
  },
  (t) => [
    index('video_status_history_video_idx').on(t.videoId, t.changedAt),
    // The turnaround figures: the completed rows of a date range (lead.repository.ts).
    index('video_status_history_status_changed_idx').on(t.toStatus, t.changedAt),
  ],
);

/**
 * The agency's cuts of a video, v1, v2, … (migration 0025): the newest is the current version
 * (`videos.current_version`); the video's own link is the client's source.
 */
export const videoVersions = pgTable(
  'video_versions',
  {
    id: rowId(),
    videoId: partOf('video_id', () => videos.id),
    number: integer('number').notNull(),
    link: text('link').notNull(),
    /** "What changed", optional. */
    note: text('note').notNull().default(''),
    addedById: byUser('added_by_id'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('video_versions_number_uq').on(t.videoId, t.number),
    index('video_versions_added_by_idx').on(t.addedById),
    check('video_versions_number_check', sql`${t.number} >= 1`),
  ],
);

export type RoundDecision = 'approved' | 'changes_requested' | 'withdrawn';

/**
 * Review rounds (migration 0025): from a version (null: the source) entering review to the
 * decision. A guest's decision has `decidedByGuest`; a manager deciding in the client's place has
 * `decidedForClient`. `remindersSent`/`remindedAt`: the client's reminders while it waits.
 */
export const reviewRounds = pgTable(
  'review_rounds',
  {
    id: rowId(),
    videoId: partOf('video_id', () => videos.id),
    number: integer('number').notNull(),
    version: integer('version'),
    sentById: byUser('sent_by_id'),
    sentAt: at('sent_at').notNull().defaultNow(),
    decision: text('decision').$type<RoundDecision>(),
    decidedById: byUser('decided_by_id'),
    decidedByGuest: text('decided_by_guest'),
    decidedForClient: boolean('decided_for_client').notNull().default(false),
    decidedAt: at('decided_at'),
    note: text('note'),
    remindersSent: integer('reminders_sent').notNull().default(0),
    remindedAt: at('reminded_at'),
  },
  (t) => [
    uniqueIndex('review_rounds_number_uq').on(t.videoId, t.number),
    index('review_rounds_open_idx')
      .on(t.sentAt)
      .where(sql`${t.decidedAt} IS NULL`),
    index('review_rounds_sent_by_idx').on(t.sentById),
    index('review_rounds_decided_by_idx').on(t.decidedById),
    check(
      'review_rounds_decision_check',
      sql`${t.decision} IN ('approved', 'changes_requested', 'withdrawn')`,
    ),
    check('review_rounds_number_check', sql`${t.number} >= 1`),
  ],
);

/** The agency's own settings, one row (migration 0025). */
export const agencySettings = pgTable(
  'agency_settings',
  {
    id: boolean('id').primaryKey().default(true),
    /** Days after a round's start on which a client still waiting is reminded. */
    reviewReminderDays: integer('review_reminder_days')
      .array()
      .notNull()
      .default(sql`'{3,7}'`),
  },
  (t) => [check('agency_settings_one_row', sql`${t.id}`)],
);

export const clientEditorAssignments = pgTable(
  'client_editor_assignments',
  {
    id: rowId(),
    clientId: partOf('client_id', () => users.id),
    editorId: partOf('editor_id', () => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('client_editor_assignments_pair_uq').on(t.clientId, t.editorId),
    index('client_editor_assignments_editor_idx').on(t.editorId),
  ],
);

export const clientTeamLeadAssignments = pgTable(
  'client_team_lead_assignments',
  {
    id: rowId(),
    clientId: partOf('client_id', () => users.id),
    teamLeadId: partOf('team_lead_id', () => users.id),
    assignedAt: at('assigned_at').notNull().defaultNow(),
    assignedBy: byUser('assigned_by'),
  },
  (t) => [
    uniqueIndex('client_team_lead_assignments_pair_uq').on(t.clientId, t.teamLeadId),
    index('client_team_lead_assignments_lead_idx').on(t.teamLeadId),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: rowId(),
    videoId: partOf('video_id', () => videos.id),
    /** Null for a review link's guest, who has `guestName` instead (migration 0012). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestName: text('guest_name'),
    content: text('content').notNull(),
    createdAt: createdAt(),
    /** The version the note is about; null: the source (migration 0025). */
    version: integer('version'),
    /** Marked done (an open note has neither). */
    doneAt: at('done_at'),
    doneById: byUser('done_by_id'),
    /** Carried over from this version when the next one was added ("from v2"). */
    carriedFrom: integer('carried_from'),
  },
  (t) => [
    index('comments_video_idx').on(t.videoId, t.createdAt),
    index('comments_user_idx').on(t.userId),
    index('comments_done_by_idx').on(t.doneById),
    check('comments_author_check', sql`${t.userId} IS NOT NULL OR ${t.guestName} IS NOT NULL`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: rowId(),
    recipientId: partOf('recipient_id', () => users.id),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    videoId: uuid('video_id').references(() => videos.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    isRead: boolean('is_read').notNull().default(false),
    priority: text('priority').notNull().default('normal'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_recipient_idx').on(t.recipientId, t.createdAt),
    index('notifications_unread_idx')
      .on(t.recipientId)
      .where(sql`${t.isRead} = false`),
    index('notifications_video_idx').on(t.videoId),
  ],
);

/**
 * Notifications taken out of the bell by a clear all, kept for its undo (migration 0022) for
 * NOTIFICATION_UNDO_KEEP_MS: a restore of `undoId` moves its rows back to notifications.
 */
export const clearedNotifications = pgTable(
  'cleared_notifications',
  {
    id: uuid('id').primaryKey(),
    undoId: uuid('undo_id').notNull(),
    clearedAt: at('cleared_at').notNull().defaultNow(),
    recipientId: partOf('recipient_id', () => users.id),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    videoId: uuid('video_id').references(() => videos.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    isRead: boolean('is_read').notNull(),
    priority: text('priority').notNull(),
    createdAt: at('created_at').notNull(),
  },
  (t) => [
    index('cleared_notifications_undo_idx').on(t.undoId, t.recipientId),
    index('cleared_notifications_recipient_idx').on(t.recipientId),
    index('cleared_notifications_cleared_idx').on(t.clearedAt),
    index('cleared_notifications_video_idx').on(t.videoId),
    index('cleared_notifications_comment_idx').on(t.commentId),
  ],
);

/**
 * The overdue notices sent: at most one per video, due date and recipient, ever (the key makes
 * concurrent checks unable to double up). Kept apart from notifications, which people clear.
 */
export const overdueNotices = pgTable(
  'overdue_notices',
  {
    videoId: partOf('video_id', () => videos.id),
    recipientId: partOf('recipient_id', () => users.id),
    dueDate: at('due_date').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'overdue_notices_pk', columns: [t.videoId, t.recipientId, t.dueDate] }),
    index('overdue_notices_recipient_idx').on(t.recipientId),
  ],
);

export const clientVideoTypePricing = pgTable(
  'client_video_type_pricing',
  {
    id: rowId(),
    clientId: partOf('client_id', () => users.id),
    videoTypeId: partOf('video_type_id', () => videoTypes.id),
    price: money('price').notNull(),
    effectiveFrom: at('effective_from').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('client_video_type_pricing_pair_uq').on(t.clientId, t.videoTypeId)],
);

export const pricingPlans = pgTable(
  'pricing_plans',
  {
    id: rowId(),
    name: text('name').notNull().unique(),
    displayName: text('display_name').notNull(),
    description: text('description').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // At most one default plan.
  (t) => [
    uniqueIndex('pricing_plans_one_default_uq')
      .on(t.isDefault)
      .where(sql`${t.isDefault}`),
  ],
);

export const pricingPlanRules = pgTable(
  'pricing_plan_rules',
  {
    id: rowId(),
    planId: partOf('plan_id', () => pricingPlans.id),
    videoTypeId: partOf('video_type_id', () => videoTypes.id),
    minDurationSeconds: integer('min_duration_seconds').notNull().default(0),
    maxDurationSeconds: integer('max_duration_seconds'),
    price: money('price').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('pricing_plan_rules_plan_type_idx').on(t.planId, t.videoTypeId)],
);

export const clientPricingPlanAssignments = pgTable(
  'client_pricing_plan_assignments',
  {
    id: rowId(),
    clientId: partOf('client_id', () => users.id),
    planId: partOf('plan_id', () => pricingPlans.id),
    isActive: boolean('is_active').notNull().default(true),
    assignedBy: byUser('assigned_by'),
    assignedAt: at('assigned_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('client_pricing_plan_assignments_pair_uq').on(t.clientId, t.planId),
    // One active plan per client.
    uniqueIndex('client_pricing_plan_assignments_active_uq')
      .on(t.clientId)
      .where(sql`${t.isActive}`),
  ],
);

/**
 * The payments ledger (migration 0006): 'paid' and 'reversed' events, never updated or deleted
 * (a trigger refuses it). Ids are plain uuids without foreign keys, names and type are copies as
 * they were: an event outlives its video, client and editor.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: rowId(),
    event: text('event').$type<'paid' | 'reversed'>().notNull(),
    videoId: uuid('video_id').notNull(),
    videoName: text('video_name').notNull(),
    videoType: text('video_type').notNull(),
    clientId: uuid('client_id').notNull(),
    clientUsername: text('client_username').notNull(),
    clientName: text('client_name'),
    /** The assigned editor when the video was paid (a reversal repeats its payment's). */
    editorId: uuid('editor_id'),
    editorName: text('editor_name'),
    /** Positive for both events; a reversal subtracts it. */
    amount: money('amount').notNull(),
    /** Who marked it paid or reversed it; null for payments made before the ledger. */
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_events_created_idx').on(t.createdAt),
    index('payment_events_video_idx').on(t.videoId, t.createdAt),
  ],
);

/**
 * Review links (issue 19): someone without an account reviews videos of one client through a
 * link. Only the SHA-256 of its random token is kept (as for sessions); the password, if any, is
 * an argon2id hash. Revoking sets revoked_at; the row stays so the page can say so.
 */
export const reviewLinks = pgTable(
  'review_links',
  {
    id: rowId(),
    tokenHash: text('token_hash').notNull().unique(),
    clientId: partOf('client_id', () => users.id),
    createdById: byUser('created_by_id'),
    passwordHash: text('password_hash'),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('review_links_client_idx').on(t.clientId)],
);

/** The videos of a review link, each with the guest's one decision on it (null until made). */
export const reviewLinkVideos = pgTable(
  'review_link_videos',
  {
    linkId: partOf('link_id', () => reviewLinks.id),
    videoId: partOf('video_id', () => videos.id),
    decision: text('decision').$type<'approved' | 'changes_requested'>(),
    decidedByName: text('decided_by_name'),
    decidedAt: at('decided_at'),
    /** The version the guest was sent (null: the source), migration 0025. */
    version: integer('version'),
  },
  (t) => [
    primaryKey({ name: 'review_link_videos_pk', columns: [t.linkId, t.videoId] }),
    index('review_link_videos_video_idx').on(t.videoId),
  ],
);

/** A user's email address and choices (domain/email.ts); no row: the defaults, and no address. */
export const emailSettings = pgTable('email_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  address: text('address'),
  digest: text('digest').notNull().default('daily'),
  timeZone: text('time_zone').notNull().default('UTC'),
  /** Only the kinds the user changed from the default: kind -> 'now' | 'digest' | 'off'. */
  choices: jsonb('choices').$type<Record<string, string>>().notNull().default({}),
  /** How many times each kind's mode has changed (kind -> count): what unsubscribe links bind to. */
  choiceVersions: jsonb('choice_versions').$type<Record<string, number>>().notNull().default({}),
  updatedAt: updatedAt(),
});

/**
 * Notifications waiting for the email worker (server/modules/email/worker.ts): 'new' ones are
 * not yet looked at, 'digest' ones wait for their recipient's next digest at due_at.
 */
export const emailEvents = pgTable(
  'email_events',
  {
    id: rowId(),
    recipientId: partOf('recipient_id', () => users.id),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    videoId: uuid('video_id').references(() => videos.id, { onDelete: 'cascade' }),
    commentId: uuid('comment_id').references(() => comments.id, { onDelete: 'set null' }),
    state: text('state').notNull().default('new'),
    dueAt: at('due_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_events_new_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'new'`),
    index('email_events_due_idx')
      .on(t.dueAt)
      .where(sql`${t.state} = 'digest'`),
  ],
);

/** Every email composed, sent or not (docs/decisions/0006-email-outbox.md). */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: rowId(),
    recipientId: byUser('recipient_id'),
    toAddress: text('to_address').notNull(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    unsubscribeUrl: text('unsubscribe_url').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    leaseUntil: at('lease_until'),
    worker: text('worker'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: at('sent_at'),
  },
  (t) => [
    index('email_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} IN ('pending', 'sending')`),
    index('email_outbox_created_idx').on(t.createdAt),
  ],
);

/** One-click unsubscribe links: SHA-256 of the token, which turns off one kind of one user. */
export const emailUnsubscribeTokens = pgTable('email_unsubscribe_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: partOf('user_id', () => users.id),
  kind: text('kind').notNull(),
  /** The choice's version when the email was sent (choiceVersionOf); another one spends the link. */
  choiceVersion: integer('choice_version').notNull().default(0),
  /** When the link made its one change. */
  usedAt: at('used_at'),
  createdAt: createdAt(),
});

/**
 * Failed sign-ins by account name, and taken usernames met by registration (issue 37): a key
 * ('login:<name>', 'register:<name>', 'register-address:<ip>'), its recent failures and the
 * time before which it is refused (server/modules/auth/sign-in-delays.ts).
 */
export const signInDelays = pgTable('sign_in_delays', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailureAt: at('last_failure_at').notNull().defaultNow(),
  blockedUntil: at('blocked_until'),
});

/**
 * The Idempotency-Key of a creating call (migration 0023, server/plugins/idempotency.ts): who
 * sent it, a hash of what was asked, and the answer once there is one (no status: in progress).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    caller: text('caller').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    contentType: text('content_type'),
    body: text('body'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pkey', columns: [t.caller, t.key] }),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

/**
 * The read cache's data versions (migrations 0013 and 0015, docs/decisions/
 * 0007-invalidation-by-scope.md): the counters of each scope a change touched ('global',
 * 'user:<id>', 'all:<0-7>'), whose sum is its version; moved at commit by triggers, never by
 * the app.
 */
export const cacheScopes = pgTable(
  'cache_scopes',
  {
    scope: text('scope').notNull(),
    slot: integer('slot').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ name: 'cache_scopes_pkey', columns: [t.scope, t.slot] })],
);

/** A transaction that changed data, until its commit moves the versions (migration 0013). */
export const cacheScopePending = pgTable('cache_scope_pending', {
  xid: customType<{ data: string }>({ dataType: () => 'xid8' })('xid')
    .notNull()
    .default(sql`pg_current_xact_id()`),
});

export type UserRow = typeof users.$inferSelect;
/** What a request knows of its user (server/plugins/auth.ts): no password hash. */
export type SessionUser = Omit<UserRow, 'password'>;
export type VideoRow = typeof videos.$inferSelect;
