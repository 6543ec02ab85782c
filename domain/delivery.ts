import { z } from 'zod';
import { canSeeInternalNotes } from './permissions';
import { webAddressField } from './publishing';
import type { Actor } from './roles';
import { COMPLETED_STATUSES } from './video-status';

/**
 * Delivery held until paid (issue 44 part 3; docs/rules.md#delivery). A video may have a
 * delivery link (where the final master lives), set by the agency. Per client the king or an
 * admin chooses when the client side (the owner and its team leads) sees it: on approval (the
 * default: once the video is completed) or when paid (once completed and paid). The agency side
 * always sees it; a review link's guest never does.
 */
export const DELIVERY_MODES = ['on_approval', 'when_paid'] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];
export const DEFAULT_DELIVERY_MODE: DeliveryMode = 'on_approval';

export const DELIVERY_MODE_LABELS: Record<DeliveryMode, string> = {
  on_approval: 'Deliver on approval',
  when_paid: 'Deliver when paid',
};

export const DELIVERY_MESSAGES = {
  linkInvalid: 'Delivery link must be a web address starting with http:// or https://',
  modeInvalid: `Delivery must be one of: ${DELIVERY_MODES.join(', ')}`,
  agencyOnly: 'Only the agency sets a video’s delivery link',
  /** The lock the client side reads while a "deliver when paid" video is unpaid. */
  /** `invoice`: the invoice's label (domain/invoices.ts invoiceLabel), e.g. INV-0012. */
  lockedUntilInvoicePaid: (invoice: string) => `Delivery unlocks when invoice ${invoice} is paid`,
  lockedUntilPaid: 'Delivery unlocks when this video is paid',
  saved: 'Delivery link saved',
  cleared: 'Delivery link removed',
  restored: 'Delivery link restored',
  modeSaved: (mode: DeliveryMode) => `${DELIVERY_MODE_LABELS[mode]} saved`,
  openButton: 'Download / open delivery',
} as const;

/** A delivery link as a body carries it: an http(s) address (https added when left out). */
export const deliveryLinkField = webAddressField(DELIVERY_MESSAGES.linkInvalid);

/** PUT /api/videos/{id}/delivery: the link, or null to clear it. */
export const deliveryBody = z.object({
  link: deliveryLinkField.nullable(),
});
export type DeliveryBody = z.input<typeof deliveryBody>;

export const deliveryModeField = z.enum(DELIVERY_MODES, { error: DELIVERY_MESSAGES.modeInvalid });

/**
 * A video's delivery as its viewer may see it (the video JSON's `delivery`, absent when there is
 * nothing to show): the link, or the lock message (never both).
 */
export const deliveryViewSchema = z.union([
  z.object({ link: z.string() }),
  z.object({ locked: z.string() }),
]);
export type DeliveryView = z.infer<typeof deliveryViewSchema>;

/** Who looks: the agency side, the client side (owner, its team leads), a review link's guest. */
export type DeliverySide = 'agency' | 'client' | 'guest';

/** The side of a signed-in viewer who may read the video (a guest is never signed in). */
export const deliverySideOf = (viewer: Pick<Actor, 'role'>): DeliverySide =>
  canSeeInternalNotes(viewer) ? 'agency' : 'client';

export interface DeliveryFacts {
  link: string | null;
  status: string;
  paid: boolean;
  /** The client's mode; no client_billing row: the default. */
  mode: DeliveryMode;
  /** The label (invoiceLabel) of the issued invoice holding the video; null: not invoiced. */
  invoice: string | null;
}

const isCompleted = (status: string) => (COMPLETED_STATUSES as readonly string[]).includes(status);

/**
 * What `side` sees of a video's delivery: the agency the link whenever there is one; the client
 * side, under "on approval", the link once the video is completed, and under "when paid", the
 * link once it is completed and paid, the lock message while it is completed and unpaid;
 * otherwise nothing. A guest sees nothing, ever. No link: nothing to show anyone.
 */
export function deliveryFor(side: DeliverySide, facts: DeliveryFacts): DeliveryView | undefined {
  if (!facts.link || side === 'guest') return undefined;
  if (side === 'agency') return { link: facts.link };
  if (!isCompleted(facts.status)) return undefined;
  if (facts.mode === 'on_approval' || facts.paid) return { link: facts.link };
  return {
    locked:
      facts.invoice === null
        ? DELIVERY_MESSAGES.lockedUntilPaid
        : DELIVERY_MESSAGES.lockedUntilInvoicePaid(facts.invoice),
  };
}

/** Whether the client side would see the link of a video with these facts (deliveryFor). */
export const clientSeesLink = (facts: DeliveryFacts): boolean =>
  'link' in (deliveryFor('client', facts) ?? {});
