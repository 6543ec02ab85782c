import { mayBeAssignedEditor, type Actor } from './roles';

/**
 * The words of payouts (issue 44; domain/payouts.ts has the rules and shapes), apart so that the
 * app's layout names "My payouts" without loading the payout schemas.
 */

export const PAYOUT_LABELS = {
  section: 'Editor payouts',
  sectionDescription:
    'Piece rates per video type, and each editor’s monthly statement. A payout locks when its video is completed.',
  rates: 'Rates',
  ratesEmpty: 'No rates yet: videos completed now pay their editors nothing.',
  everyEditor: 'Every editor (default)',
  statements: 'Statements',
  statementsEmpty: 'No payouts locked in this month.',
  myPayouts: 'My payouts',
  myPayoutsEmpty:
    'No payouts yet. A video you edit is added to the month it is completed in, at its rate.',
  itemsEmpty: 'No videos in this month.',
  ledgerEmpty: 'Nothing paid out yet.',
  payOut: 'Pay out',
  reverse: 'Reverse',
  noRoundRate: 'none',
} as const;

export const PAYOUT_KINDS = ['video', 'extra_round'] as const;
export type PayoutKind = (typeof PAYOUT_KINDS)[number];
export const PAYOUT_EVENTS = ['paid_out', 'reversed'] as const;
export type PayoutEventKind = (typeof PAYOUT_EVENTS)[number];

export const PAYOUT_KIND_LABELS: Record<PayoutKind, string> = {
  video: 'Video',
  extra_round: 'Extra round',
};
export const PAYOUT_EVENT_LABELS: Record<PayoutEventKind, string> = {
  paid_out: 'Paid out',
  reversed: 'Reversed',
};

/** An item's description on a statement: the video, and its round for an extra round. */
export const payoutItemLabel = (item: {
  kind: PayoutKind;
  roundNumber: number | null;
  videoName: string;
}) =>
  item.kind === 'extra_round' ? `${item.videoName} · round ${item.roundNumber}` : item.videoName;

/** Who has payouts (and reads their own under /api/me/payouts): editors and lead editors. */
export const hasPayouts = (actor: Pick<Actor, 'role'>): boolean => mayBeAssignedEditor(actor);
