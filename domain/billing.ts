import type { Actor } from './roles';
import { isCompletedStatus, workflowSide } from './workflow';

/**
 * The billing lock (docs/rules.md#rules-the-product-leaves-open): what a video is billed by (its type, duration and
 * owner) and the video itself stop being the client side's to change once the work is done, and
 * anybody's once it is paid. Pure rules: the server enforces them on every path, the web app
 * hides what they refuse.
 */

/** The fields a price is computed from; the owner is who pays. */
export const BILLED_FIELDS = ['type', 'duration', 'owner'] as const;
export type BilledField = (typeof BILLED_FIELDS)[number];

/**
 * The client side of a video: its owning client and the client's team leads (the workflow's
 * side, domain/workflow.ts); which videos they reach at all is the read rule's business.
 */
export function actsAsClient(viewer: Pick<Actor, 'role' | 'isAdmin'>): boolean {
  return workflowSide(viewer) === 'client';
}

export interface BillingFacts {
  status: string;
  /** Paid now (payment_status 'paid'); a reversed payment makes it false again. */
  paid: boolean;
}

/** The facts from a stored video (payment_status text). */
export const billingFactsOf = (video: { status: string; paymentStatus: string }): BillingFacts => ({
  status: video.status,
  paid: video.paymentStatus === 'paid',
});

/** The facts from a video as a response carries it (`paid` is there for every reader). */
export const billingFactsOfView = (video: {
  status: string;
  paid?: boolean;
  paymentStatus?: string;
}): BillingFacts => ({
  status: video.status,
  paid: video.paid ?? video.paymentStatus === 'paid',
});

/**
 * Why the viewer may not change the video's type, duration or owner nor delete it: 'paid' (for
 * everyone, until the payment is reversed), 'completed' (ready to post or posted, for the client
 * side), or null when nothing stops them.
 */
export type BillingLock = 'paid' | 'completed' | null;

export function billingLock(
  viewer: Pick<Actor, 'role' | 'isAdmin'>,
  video: BillingFacts,
): BillingLock {
  if (video.paid) return 'paid';
  if (actsAsClient(viewer) && isCompletedStatus(video.status)) return 'completed';
  return null;
}

export const BILLING_MESSAGES = {
  paidChange:
    'This video is paid, so its type, duration and owner are locked. The king or an admin with ' +
    'invoicing rights must reverse the payment before they can change.',
  paidDelete:
    'This video is paid and cannot be deleted. The king or an admin with invoicing rights must ' +
    'reverse the payment first.',
  completedChange:
    'This video is completed, so you can no longer change its type or duration. Ask your editor ' +
    'or a lead editor if they need to change.',
  completedDelete:
    'This video is completed and can no longer be deleted by you. Ask your editor or a lead ' +
    'editor if it should go.',
  /** Short notes for the detail dialog, beside the locked fields. */
  paidNotice:
    'Paid: the type, duration and owner are locked and the video cannot be deleted until the ' +
    'payment is reversed.',
  completedNotice:
    'Completed: the type can no longer be changed and the video can no longer be deleted by you.',
  /** The admin bulk delete: what it deleted, and the paid videos it kept. */
  paidKept: (deleted: number, kept: number) =>
    `${deleted} video(s) deleted. ${kept} paid video(s) kept: the king or an admin with ` +
    'invoicing rights must reverse the payment first.',
  /** Bulk delete refused because `locked` of the selected videos are, `paid` of them paid. */
  bulkLocked: (locked: number, paid: number) =>
    `Nothing was deleted: ${locked} of the selected videos ${locked === 1 ? 'is' : 'are'} ` +
    (paid === locked
      ? 'paid; the king or an admin with invoicing rights must reverse the payment first'
      : 'completed or paid and can no longer be deleted by you; ask your editor or a lead editor'),
} as const;

/** The 403 message for a refused change of a billed field or a refused delete. */
export function billingLockMessage(lock: Exclude<BillingLock, null>, action: 'change' | 'delete') {
  if (lock === 'paid')
    return action === 'change' ? BILLING_MESSAGES.paidChange : BILLING_MESSAGES.paidDelete;
  return action === 'change' ? BILLING_MESSAGES.completedChange : BILLING_MESSAGES.completedDelete;
}

/**
 * The billed fields an update would really change: a field sent with the value it already has
 * changes nothing and is never refused (an edit form may send every field).
 */
export function changedBilledFields(
  current: { type: string; duration: number | null; userId: string },
  changes: { type?: string; duration?: number | null; userId?: string },
): BilledField[] {
  const out: BilledField[] = [];
  if (changes.type !== undefined && changes.type !== current.type) out.push('type');
  if (changes.duration !== undefined && changes.duration !== current.duration) out.push('duration');
  if (changes.userId !== undefined && changes.userId !== current.userId) out.push('owner');
  return out;
}
