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
    /** The source's frame rate (migration 0029). */
    frameRate: text('frame_rate').$type<FrameRateId>().notNull().default('30'),
    /** Where the final master lives, set by the agency (migration 0030; docs/rules.md "Money"). */
    deliveryLink: text('delivery_link'),
    /** 'low' | 'normal' | 'high' | 'urgent' (migration 0030). */
    priority: text('priority').$type<VideoPriorityId>().notNull().default('normal'),
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
    /** The version's frame rate (migration 0029). */
    frameRate: text('frame_rate').$type<FrameRateId>().notNull().default('30'),
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

export type RoundFeeKind = 'flat' | 'percent';
/** docs/rules.md: the frame rates a source or version may have ('df': drop-frame timecode). */
export type FrameRateId = '23.976' | '24' | '25' | '29.97df' | '30' | '50' | '59.94df' | '60';

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
    /** The seller on invoices (migration 0028); the logo is a data: URL (PNG or JPEG). */
    agencyName: text('agency_name').notNull().default(''),
    agencyAddress: text('agency_address').notNull().default(''),
    agencyTaxId: text('agency_tax_id').notNull().default(''),
    agencyLogo: text('agency_logo'),
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    paymentInstructions: text('payment_instructions').notNull().default(''),
    /** ISO 4217, one per agency. */
    currency: text('currency').notNull().default('USD'),
    /** Percent, applied once to an invoice's subtotal; null: no tax line. */
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }),
    /** Revision rounds a video includes, and what each further one costs (plan, client override). */
    includedRounds: integer('included_rounds').notNull().default(2),
    roundFeeKind: text('round_fee_kind').$type<RoundFeeKind>().notNull().default('flat'),
    roundFee: money('round_fee').notNull().default('0.00'),
    /** The frame rate a new source or version gets unless one is chosen (migration 0029). */
    frameRate: text('frame_rate').$type<FrameRateId>().notNull().default('30'),
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
    /** The note's time as a frame number at its version's (or the source's) rate (migration 0029). */
    frame: integer('frame'),
    /** Shapes drawn on the frame (domain/drawing.ts), validated by the server. */
    drawing: jsonb('drawing'),
    /** The first comment of the thread this reply is in; null: a first comment (migration 0030). */
    parentId: uuid('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('comments_parent_idx')
      .on(t.parentId)
      .where(sql`${t.parentId} IS NOT NULL`),
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
    /** Revision-round pricing of the plan's clients (migration 0028); null: the agency's. */
    includedRounds: integer('included_rounds'),
    roundFeeKind: text('round_fee_kind').$type<RoundFeeKind>(),
    roundFee: money('round_fee'),
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

export type LedgerKind = 'video' | 'extra_round' | 'retainer_fee';

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
    /** What was paid (migration 0028): a video's price, an extra round, a retainer's fee. */
    kind: text('kind').$type<LedgerKind>().notNull().default('video'),
    /** Null for a retainer fee (its name is in videoName, its type 'retainer'). */
    videoId: uuid('video_id'),
    /** The charge paid (extra rounds, retainer fees). */
    chargeId: uuid('charge_id'),
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
    /** One attachment, if any (an invoice's PDF, migration 0028). */
    attachmentName: text('attachment_name'),
    attachmentType: text('attachment_type'),
    attachment: bytea('attachment'),
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

/** A client's billing details and revision-round pricing (migration 0028); no row: none. */
export const clientBilling = pgTable('client_billing', {
  clientId: uuid('client_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  companyName: text('company_name').notNull().default(''),
  billingAddress: text('billing_address').notNull().default(''),
  taxId: text('tax_id').notNull().default(''),
  billingEmail: text('billing_email').notNull().default(''),
  includedRounds: integer('included_rounds'),
  roundFeeKind: text('round_fee_kind').$type<RoundFeeKind>(),
  roundFee: money('round_fee'),
  /** When the client side sees a video's delivery link (migration 0030). */
  deliveryMode: text('delivery_mode').$type<DeliveryModeId>().notNull().default('on_approval'),
  updatedAt: updatedAt(),
});

/** A client's retainer, at most one (migration 0028). Months are their first day, UTC. */
export const retainers = pgTable(
  'retainers',
  {
    id: rowId(),
    clientId: partOf('client_id', () => users.id),
    startMonth: date('start_month', { mode: 'string' }).notNull(),
    endMonth: date('end_month', { mode: 'string' }),
    createdById: byUser('created_by_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('retainers_client_uq').on(t.clientId)],
);

/** A retainer's terms from a month on: the latest effective_from not after a month applies. */
export const retainerTerms = pgTable(
  'retainer_terms',
  {
    id: rowId(),
    retainerId: partOf('retainer_id', () => retainers.id),
    effectiveFrom: date('effective_from', { mode: 'string' }).notNull(),
    monthlyFee: money('monthly_fee').notNull(),
    /** A total allowance, or (allowanceByType) one per video type name. */
    allowance: integer('allowance'),
    allowanceByType: jsonb('allowance_by_type').$type<Record<string, number>>(),
    rolloverMax: integer('rollover_max').notNull().default(0),
    rolloverMonths: integer('rollover_months').notNull().default(0),
    createdById: byUser('created_by_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('retainer_terms_from_uq').on(t.retainerId, t.effectiveFrom)],
);

/** A closed retainer month (its primary key makes a close idempotent). */
export const retainerMonths = pgTable(
  'retainer_months',
  {
    retainerId: partOf('retainer_id', () => retainers.id),
    month: date('month', { mode: 'string' }).notNull(),
    termsId: uuid('terms_id').references(() => retainerTerms.id, { onDelete: 'set null' }),
    fee: money('fee').notNull(),
    summary: jsonb('summary').notNull(),
    closedAt: at('closed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'retainer_months_pk', columns: [t.retainerId, t.month] })],
);

/** How a video completed in a closed retainer month was billed: covered, or overage. */
export const retainerDraws = pgTable(
  'retainer_draws',
  {
    videoId: uuid('video_id')
      .primaryKey()
      .references(() => videos.id, { onDelete: 'cascade' }),
    retainerId: partOf('retainer_id', () => retainers.id),
    month: date('month', { mode: 'string' }).notNull(),
    /** '*' for a total allowance, else the video type's name. */
    bucket: text('bucket').notNull(),
    covered: boolean('covered').notNull(),
  },
  (t) => [index('retainer_draws_month_idx').on(t.retainerId, t.month)],
);

/** The next invoice number, one row: taken in the issuing transaction, so numbers are gapless. */
export const invoiceCounter = pgTable(
  'invoice_counter',
  {
    id: boolean('id').primaryKey().default(true),
    nextNumber: integer('next_number').notNull().default(1),
  },
  (t) => [check('invoice_counter_one_row', sql`${t.id}`)],
);

export interface InvoiceParty {
  name: string;
  address: string;
  taxId: string;
  email?: string;
  logo?: string | null;
  paymentInstructions?: string;
}

/** An issued invoice (migration 0028): its dates, parties and totals never change. */
export const invoices = pgTable(
  'invoices',
  {
    id: rowId(),
    number: integer('number').notNull(),
    clientId: byUser('client_id'),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    seller: jsonb('seller').$type<InvoiceParty>().notNull(),
    buyer: jsonb('buyer').$type<InvoiceParty>().notNull(),
    subtotal: numeric('subtotal', { precision: 12, scale: 2 }).notNull(),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }),
    tax: numeric('tax', { precision: 12, scale: 2 }).notNull(),
    total: numeric('total', { precision: 12, scale: 2 }).notNull(),
    issuedById: byUser('issued_by_id'),
    emailedAt: at('emailed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('invoices_number_uq').on(t.number),
    index('invoices_client_idx').on(t.clientId, t.issueDate),
    index('invoices_due_idx').on(t.dueDate),
  ],
);

export type ChargeKind = 'retainer_fee' | 'extra_round';

/** What a client owes besides a video's own price (migration 0028): amounts locked. */
export const charges = pgTable(
  'charges',
  {
    id: rowId(),
    clientId: partOf('client_id', () => users.id),
    kind: text('kind').$type<ChargeKind>().notNull(),
    videoId: uuid('video_id').references(() => videos.id, { onDelete: 'set null' }),
    roundNumber: integer('round_number'),
    retainerId: uuid('retainer_id').references(() => retainers.id, { onDelete: 'set null' }),
    month: date('month', { mode: 'string' }),
    description: text('description').notNull(),
    amount: money('amount').notNull(),
    paidAt: at('paid_at'),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('charges_retainer_month_uq')
      .on(t.retainerId, t.month)
      .where(sql`${t.kind} = 'retainer_fee'`),
    uniqueIndex('charges_video_round_uq')
      .on(t.videoId, t.roundNumber)
      .where(sql`${t.kind} = 'extra_round'`),
    index('charges_client_idx').on(t.clientId, t.createdAt),
    index('charges_invoice_idx').on(t.invoiceId),
  ],
);

export type InvoiceLineKind = 'video' | 'overage' | 'extra_round' | 'retainer_fee';

/** An invoice's lines as issued; amounts never change. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: rowId(),
    invoiceId: partOf('invoice_id', () => invoices.id),
    position: integer('position').notNull(),
    kind: text('kind').$type<InvoiceLineKind>().notNull(),
    videoId: uuid('video_id').references(() => videos.id, { onDelete: 'set null' }),
    chargeId: uuid('charge_id').references(() => charges.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    uniqueIndex('invoice_lines_position_uq').on(t.invoiceId, t.position),
    index('invoice_lines_video_idx').on(t.videoId),
    index('invoice_lines_charge_idx').on(t.chargeId),
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

export type DeliveryModeId = 'on_approval' | 'when_paid';
export type VideoPriorityId = 'low' | 'normal' | 'high' | 'urgent';

/**
 * Editor piece rates per video type (migration 0030): editor null is the default for every
 * editor; an editor's own row wins. roundRate: what each extra revision round pays (null: none).
 */
export const editorRates = pgTable(
  'editor_rates',
  {
    id: rowId(),
    editorId: uuid('editor_id').references(() => users.id, { onDelete: 'cascade' }),
    videoType: text('video_type').notNull(),
    rate: money('rate').notNull(),
    roundRate: money('round_rate'),
    updatedById: byUser('updated_by_id'),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('editor_rates_default_uq')
      .on(t.videoType)
      .where(sql`${t.editorId} IS NULL`),
    uniqueIndex('editor_rates_editor_uq')
      .on(t.editorId, t.videoType)
      .where(sql`${t.editorId} IS NOT NULL`),
  ],
);

/**
 * A payout locked for an editor when a video completed (migration 0030): the video's piece rate,
 * or one extra revision round. Never changed; names are copies, ids plain uuids.
 */
export const payoutItems = pgTable(
  'payout_items',
  {
    id: rowId(),
    editorId: uuid('editor_id').notNull(),
    editorName: text('editor_name').notNull(),
    videoId: uuid('video_id').references(() => videos.id, { onDelete: 'set null' }),
    videoName: text('video_name').notNull(),
    videoType: text('video_type').notNull(),
    clientId: uuid('client_id').notNull(),
    clientName: text('client_name').notNull(),
    kind: text('kind').$type<'video' | 'extra_round'>().notNull(),
    roundNumber: integer('round_number'),
    amount: money('amount').notNull(),
    /** The first day (UTC) of the month the item locked in: its statement. */
    month: date('month', { mode: 'string' }).notNull(),
    lockedAt: at('locked_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payout_items_video_uq')
      .on(t.videoId)
      .where(sql`${t.kind} = 'video'`),
    uniqueIndex('payout_items_round_uq')
      .on(t.videoId, t.roundNumber)
      .where(sql`${t.kind} = 'extra_round'`),
    index('payout_items_editor_month_idx').on(t.editorId, t.month),
    index('payout_items_month_idx').on(t.month),
  ],
);

/** The payout ledger (migration 0030): append-only, a reversal names the entry it reverses. */
export const payoutEvents = pgTable(
  'payout_events',
  {
    id: rowId(),
    event: text('event').$type<'paid_out' | 'reversed'>().notNull(),
    editorId: uuid('editor_id').notNull(),
    editorName: text('editor_name').notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    itemCount: integer('item_count').notNull(),
    reversesId: uuid('reverses_id').references((): AnyPgColumn => payoutEvents.id),
    actorId: uuid('actor_id'),
    actorName: text('actor_name'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payout_events_editor_month_idx').on(t.editorId, t.month, t.createdAt),
    uniqueIndex('payout_events_reverses_uq').on(t.reversesId),
  ],
);

/**
 * Personal API tokens (issue 46; migration 0034): only the SHA-256 of the secret is kept, so a
 * copy of the database opens nothing. A revoked token keeps its row (revoked_at) for the audit.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: rowId(),
    userId: partOf('user_id', () => users.id),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The prefix and the secret's first four characters, for the list ("vwt_AbCd…"). */
    hint: text('hint').notNull(),
    expiresAt: at('expires_at').notNull(),
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [index('api_tokens_user_idx').on(t.userId)],
);
export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** A user's private calendar feed (migration 0034): one per user, only its secret's SHA-256. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * Webhook endpoints the king registered (issue 46; migration 0035): `events` from
 * domain/webhooks.ts, `secret` signs each delivery (kept as is: it is the HMAC key).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: rowId(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    format: text('format').$type<'json' | 'slack'>().notNull().default('json'),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('webhook_endpoints_format_check', sql`${t.format} IN ('json', 'slack')`)],
);

/** An event as it happened (migration 0035): written by webhook_enqueue, in the change's transaction. */
export const webhookEvents = pgTable('webhook_events', {
  id: rowId(),
  type: text('type').notNull(),
  /** { actor, video, data } (domain/webhooks.ts WebhookPayload without id, type, time, url). */
  payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  createdAt: createdAt(),
});

/** One event's delivery to one endpoint: the webhook outbox (server/modules/webhooks/sender.ts). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: rowId(),
    endpointId: partOf('endpoint_id', () => webhookEndpoints.id),
    eventId: partOf('event_id', () => webhookEvents.id),
    status: text('status')
      .$type<'pending' | 'sending' | 'delivered' | 'failed'>()
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull().defaultNow(),
    leaseUntil: at('lease_until'),
    worker: text('worker'),
    statusCode: integer('status_code'),
    lastError: text('last_error'),
    lastAttemptAt: at('last_attempt_at'),
    deliveredAt: at('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} IN ('pending', 'sending')`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_event_idx').on(t.eventId),
    check(
      'webhook_deliveries_status_check',
      sql`${t.status} IN ('pending', 'delivered', 'sending', 'failed')`,
    ),
  ],
);

/** The webhooks' one setting row (migration 0035); no row: the defaults. */
export const webhookSettings = pgTable(
  'webhook_settings',
  {
    id: boolean('id').primaryKey().default(true),
    allowPrivate: boolean('allow_private').notNull().default(false),
  },
  (t) => [check('webhook_settings_one_row', sql`${t.id}`)],
);

/**
 * Two-factor sign-in (migration 0036, issue 46): a user's TOTP key in base32, apart from users so
 * that no query of people reads it; enabledAt null while the setup awaits its first code;
 * lastUsedStep the time step of the last code accepted (a code is good once).
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: at('enabled_at'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** A user's unused recovery codes, as SHA-256 hashes; a used one is deleted. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    userId: partOf('user_id', () => users.id),
    codeHash: text('code_hash').notNull(),
  },
  (t) => [primaryKey({ name: 'two_factor_recovery_codes_pk', columns: [t.userId, t.codeHash] })],
);

/** Between the password and the code: a single-purpose ticket (its token's SHA-256), not a session. */
export const twoFactorTickets = pgTable(
  'two_factor_tickets',
  {
    id: text('id').primaryKey(),
    userId: partOf('user_id', () => users.id),
    purpose: text('purpose').$type<'code' | 'enrol'>().notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [
    index('two_factor_tickets_expires_idx').on(t.expiresAt),
    check('two_factor_tickets_purpose', sql`${t.purpose} IN ('code', 'enrol')`),
  ],
);

/** The king's two-factor setting, one row (migration 0036); no row: not required. */
export const twoFactorSettings = pgTable(
  'two_factor_settings',
  {
    id: boolean('id').primaryKey().default(true),
    requiredForAdmins: boolean('required_for_admins').notNull().default(false),
  },
  (t) => [check('two_factor_settings_one_row', sql`${t.id}`)],
);

/**
 * The audit log (issue 46 part 6, migration 0037, docs/rules.md "Audit log"): one row per change
 * to people, money and integrations. Append-only (a trigger refuses updates and deletes); the
 * actor's name is a copy, kept when the actor is deleted.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: rowId(),
    at: at('at').notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    address: text('address'),
    kind: text('kind').notNull(),
    action: text('action').notNull(),
    subject: text('subject'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_events_at_idx').on(t.at, t.id),
    index('audit_events_kind_at_idx').on(t.kind, t.at),
  ],
);
