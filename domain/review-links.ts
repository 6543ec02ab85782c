import { z } from 'zod';
import { newPassword, requiredName } from './auth';
import { commentBody } from './comments';
import { frameRateSchema } from './timecode';
import { drawingViewSchema } from './drawing';
import { canReadVideo, type VideoRef, type TeamScope } from './permissions';
import { isManager, normalizeRole } from './roles';
import { versionLabel } from './versions';

/**
 * Review links (issue 19, part 2): a manager or the video's client side shares videos of one
 * client with someone who has no account. The guest sees the videos, their non-internal details
 * and comments, comments under a name, and approves or requests changes once per video. The
 * contract shared by the server and the web app.
 */

/** How long a new link lasts, in days: the share dialog's choices. */
export const REVIEW_EXPIRY_DAYS = [1, 3, 7, 14, 30] as const;
export const DEFAULT_REVIEW_EXPIRY_DAYS = 7;
/** At most this many videos in one link. */
export const REVIEW_LINK_MAX_VIDEOS = 50;
export const GUEST_NAME_MAX = 60;

/** The header the review page sends a link's password in (URI-encoded): never a cookie. */
export const REVIEW_PASSWORD_HEADER = 'x-review-password';

/** Guest calls per minute, per link and per address (an office shares one address). */
export const REVIEW_LIMITS = { perLinkPerMinute: 30, perAddressPerMinute: 60 } as const;

export const REVIEW_LINK_MESSAGES = {
  forbidden: "Only managers and the video's client may share it for review",
  noVideos: 'Choose at least one video to share',
  tooManyVideos: `A review link holds at most ${REVIEW_LINK_MAX_VIDEOS} videos`,
  oneClient: 'All videos of a review link must belong to one client',
  expiry: `Expiry must be one of ${REVIEW_EXPIRY_DAYS.join(', ')} days`,
  passwordShort: 'A link password must be at least 6 characters',
  linkNotFound: 'Review link not found',
  revoked: 'Review link revoked',
  // What the guest reads: the page shows these as they are.
  guestNotFound: 'This review link does not exist. Ask whoever sent it for a new one.',
  guestRevoked: 'This review link was turned off. Ask whoever sent it for a new one.',
  guestExpired: 'This review link has expired. Ask whoever sent it for a new one.',
  guestCreatorLost:
    'This review link no longer works: whoever made it can no longer share these videos. Ask the team for a new one.',
  guestPassword: 'This review link needs a password.',
  guestWrongPassword: 'That password is not right. Try again.',
  guestVideoNotFound: 'This video is not part of the review link',
  nameMissing: 'Please enter your name',
  decisionInvalid: "Decision must be 'approve' or 'request_changes'",
  noteRequired: 'Please say what needs to change',
  alreadyDecided: 'A decision on this video was already made through this link',
  notInReview: 'This video is not waiting for review right now',
  /** The guest acted on a version the link no longer shows (a newer one went to review). */
  versionChanged: 'A newer version of this video is ready. Reload the page to see it.',
  /** The page's notice when a newer version replaced the one the guest was sent. */
  newerVersion: (shown: number, sent: number | null) =>
    `A newer version (${versionLabel(shown)}) is ready: you were sent ${sent === null ? 'the source' : versionLabel(sent)}`,
  tooMany: 'Too many requests on this review link. Please wait a minute and try again.',
} as const;

/**
 * Who may share a video for review (docs/rules.md#who-may-do-what's managers, or the client side: the
 * owner and the owner's team leads). Editors read it but may not hand it outside.
 */
export function canShareForReview(viewer: TeamScope, video: VideoRef): boolean {
  if (!canReadVideo(viewer, video)) return false;
  if (isManager(viewer)) return true;
  if (video.userId === viewer.id) return true;
  return (
    normalizeRole(viewer.role) === 'client_team_lead' && viewer.teamClientIds.has(video.userId)
  );
}

/**
 * Whether a link still works for its guests: only while its creator (null once deleted) may
 * still share every video on it (docs/rules.md#who-may-do-what). A team lead removed from the client, a
 * manager made an editor, or a deleted account ends the link; the creator's scope is read
 * again on every guest request.
 */
export const creatorMayShareAll = (
  creator: TeamScope | null,
  videos: readonly VideoRef[],
): boolean => creator !== null && videos.every((video) => canShareForReview(creator, video));

/**
 * Whether the web offers "Share for review" to someone who reads the video: for a reader the
 * role decides (a client reads only its own videos, a team lead only its clients').
 */
export const offersShareForReview = (viewer: Pick<TeamScope, 'role' | 'isAdmin'>): boolean =>
  isManager(viewer) || ['client', 'client_team_lead'].includes(normalizeRole(viewer.role));

/** POST /api/review-links. */
export const createReviewLinkBody = z.object({
  videoIds: z
    .array(z.uuid({ error: 'Video ids must be ids' }), { error: REVIEW_LINK_MESSAGES.noVideos })
    .min(1, REVIEW_LINK_MESSAGES.noVideos)
    .max(REVIEW_LINK_MAX_VIDEOS, REVIEW_LINK_MESSAGES.tooManyVideos),
  expiresInDays: z
    .number({ error: REVIEW_LINK_MESSAGES.expiry })
    .refine(
      (d) => (REVIEW_EXPIRY_DAYS as readonly number[]).includes(d),
      REVIEW_LINK_MESSAGES.expiry,
    ),
  /** Empty or absent: no password. */
  password: z
    .union([z.literal(''), newPassword(REVIEW_LINK_MESSAGES.passwordShort)])
    .optional()
    .nullable(),
});
export type CreateReviewLinkInput = z.input<typeof createReviewLinkBody>;

/**
 * A link's state: revoked and expired for good; `creator_lost_access` while its creator may not
 * share its videos (creatorMayShareAll), which guests get as turned off.
 */
export const REVIEW_LINK_STATES = ['active', 'expired', 'revoked', 'creator_lost_access'] as const;
export type ReviewLinkState = (typeof REVIEW_LINK_STATES)[number];

/** The words the share dialog shows for each state. */
export const REVIEW_LINK_STATE_LABELS: Record<ReviewLinkState, string> = {
  active: 'active',
  expired: 'expired',
  revoked: 'revoked',
  creator_lost_access: 'off: its creator lost access',
};

export const reviewLinkStateOf = (
  link: { expiresAt: string | Date; revokedAt: string | Date | null },
  now = new Date(),
  creatorShares = true,
): ReviewLinkState =>
  link.revokedAt
    ? 'revoked'
    : new Date(link.expiresAt) <= now
      ? 'expired'
      : creatorShares
        ? 'active'
        : 'creator_lost_access';

/** A link as the people who share see it: never its token, which only its creation answers. */
export const reviewLinkSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  state: z.enum(REVIEW_LINK_STATES),
  hasPassword: z.boolean(),
  /** The creator's name; null once the account is deleted. */
  createdBy: z.string().nullable(),
  videoIds: z.array(z.string()),
  /** Decisions guests made through it. */
  decisions: z.array(
    z.object({
      videoId: z.string(),
      decision: z.enum(['approved', 'changes_requested']),
      by: z.string(),
      at: z.string(),
    }),
  ),
});
export type ReviewLinkView = z.infer<typeof reviewLinkSchema>;
export const reviewLinkListSchema = z.array(reviewLinkSchema);

/** The answer to creating a link: the link, and its token, shown this once. */
export const createdReviewLinkSchema = reviewLinkSchema.extend({ token: z.string() });
export type CreatedReviewLink = z.infer<typeof createdReviewLinkSchema>;

/** The page's address for a token. */
export const reviewPath = (token: string) => `/review/${token}`;

// --- What the guest sends and reads ---

const guestName = requiredName(REVIEW_LINK_MESSAGES.nameMissing).refine(
  (s) => s.length <= GUEST_NAME_MAX,
  `Name is too long (at most ${GUEST_NAME_MAX} characters)`,
);

/** When a version (null: the source) entered review: a review round's start. */
export interface VersionSent {
  version: number | null;
  sentAt: Date;
}

/**
 * The version a link shows for a video (docs/rules.md#review-links): the newest version that went
 * to review (a round began on it) if it is newer than the one the guest was sent, else the one
 * sent. A cut added but not yet sent to review is not shown. With `at`, as the page was then:
 * only rounds begun by that moment count (which version a decision was made on).
 */
export function shownVersion(
  sent: number | null,
  rounds: readonly VersionSent[],
  at: Date | null = null,
): number | null {
  let shown = sent;
  for (const round of rounds) {
    if (round.version === null || (at && round.sentAt > at)) continue;
    if (shown === null || round.version > shown) shown = round.version;
  }
  return shown;
}

/**
 * POST /api/review/{token}/videos/{videoId}/comments. `version` is the one the page shows (null:
 * the source): a comment or decision is refused (409, versionChanged) if the link shows another
 * one by now. Absent: the version shown.
 */
export const guestCommentBody = commentBody.extend({ name: guestName });
export type GuestCommentInput = z.input<typeof guestCommentBody>;

export const GUEST_DECISIONS = ['approve', 'request_changes'] as const;

/** POST /api/review/{token}/videos/{videoId}/decision: Request changes says what. */
export const guestDecisionBody = z
  .object({
    name: guestName,
    decision: z.enum(GUEST_DECISIONS, { error: REVIEW_LINK_MESSAGES.decisionInvalid }),
    note: z.string({ error: REVIEW_LINK_MESSAGES.noteRequired }).trim().max(5000).optional(),
    version: commentBody.shape.version,
  })
  .refine((b) => b.decision !== 'request_changes' || Boolean(b.note), {
    message: REVIEW_LINK_MESSAGES.noteRequired,
    path: ['note'],
  });
export type GuestDecisionInput = z.input<typeof guestDecisionBody>;

/** A comment as a guest reads it: a name, no ids of people, no roles beyond "team" or guest. */
export const guestCommentSchema = z.object({
  id: z.string(),
  content: z.string(),
  createdAt: z.string(),
  author: z.string(),
  guest: z.boolean(),
  /** Marked done by the team. */
  done: z.boolean(),
  /** Carried over from this version when the next one was added ("from v2"; 0: the source). */
  carriedFrom: z.number().nullable(),
  /** The note's time: a frame at its version's rate and its SMPTE timecode (issue 43), or null. */
  frame: z.number().int().nullable(),
  timecode: z.string().nullable(),
  /** Shapes drawn on the frame at the comment's moment (issue 43); null: none. */
  drawing: drawingViewSchema.nullable(),
  /** A reply's first comment (issue 45 part 4); null: a first comment. */
  parentId: z.string().nullable(),
});
export type GuestCommentView = z.infer<typeof guestCommentSchema>;

const guestDecision = z.object({
  decision: z.enum(['approved', 'changes_requested']),
  by: z.string(),
  at: z.string(),
});

/** One video of the link: what its client may see, without internal notes or money. */
export const guestVideoSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  status: z.string(),
  /** The link of the version shown: the version's, or the video's own for the source. */
  link: z.string(),
  /** The frame rate of the version shown, which its notes' timecodes count at (issue 43). */
  frameRate: frameRateSchema,
  description: z.string(),
  dueDate: z.string().nullable(),
  /** The version shown (shownVersion; null: the source) and the one the guest was sent. */
  version: z.number().nullable(),
  sentVersion: z.number().nullable(),
  /** Said when a newer version replaced the one sent: "A newer version (v3) is ready: ...". */
  notice: z.string().nullable(),
  /** The decision made through this link on the version shown, if any: one per version. */
  decision: guestDecision.nullable(),
  /** Whether Approve and Request changes are open (in review, no decision on this version yet). */
  canDecide: z.boolean(),
  /** The comments on the version shown. */
  comments: z.array(guestCommentSchema),
  /**
   * The versions this link showed before, newest first, each with its link, the guests' notes
   * on it and the decision made on it through this link: only those with a note or a decision.
   */
  earlier: z.array(
    z.object({
      version: z.number().nullable(),
      link: z.string(),
      comments: z.array(guestCommentSchema),
      decision: guestDecision.nullable(),
    }),
  ),
});
export type GuestVideoView = z.infer<typeof guestVideoSchema>;

/** GET /api/review/{token}. */
export const reviewPageSchema = z.object({
  client: z.string(),
  expiresAt: z.string(),
  videos: z.array(guestVideoSchema),
});
export type ReviewPageView = z.infer<typeof reviewPageSchema>;

/** Why a link does not open: the page draws a clear screen for each. */
export const REVIEW_REFUSALS = [
  'not_found',
  'expired',
  'revoked',
  'password',
  'wrong_password',
] as const;
export const reviewRefusalSchema = z.object({
  message: z.string(),
  reason: z.enum(REVIEW_REFUSALS),
});
export type ReviewRefusal = z.infer<typeof reviewRefusalSchema>;
