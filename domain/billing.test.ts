import { describe, expect, it } from 'vitest';
import {
  BILLING_MESSAGES,
  billingFactsOf,
  billingFactsOfView,
  billingLock,
  billingLockMessage,
  changedBilledFields,
} from './billing';
import { VIDEO_STATUSES } from './video-status';

const viewer = (role: string, isAdmin = 'false') => ({ role, isAdmin });
const CLIENT_SIDE = [viewer('client'), viewer('client_team_lead'), viewer('user')];
const AGENCY_SIDE = [
  viewer('editor'),
  viewer('lead_editor'),
  viewer('king', 'true'),
  viewer('editor', 'true'),
  // An admin acts for the agency whatever its role text says.
  viewer('client', 'true'),
];

describe('billingLock', () => {
  it('locks a paid video for everyone, whatever its status', () => {
    for (const v of [...CLIENT_SIDE, ...AGENCY_SIDE]) {
      for (const status of VIDEO_STATUSES) {
        expect(billingLock(v, { status, paid: true }), `${v.role} ${status}`).toBe('paid');
      }
    }
  });

  it('locks a completed unpaid video for the client side only', () => {
    for (const status of VIDEO_STATUSES) {
      const completed = status === 'ready_to_post' || status === 'posted';
      for (const v of CLIENT_SIDE) {
        expect(billingLock(v, { status, paid: false })).toBe(completed ? 'completed' : null);
      }
      for (const v of AGENCY_SIDE) expect(billingLock(v, { status, paid: false })).toBeNull();
    }
    // Status aliases count as the status they stand for.
    expect(billingLock(viewer('client'), { status: 'Posted', paid: false })).toBe('completed');
  });

  it('reads the facts from a stored row and from a response', () => {
    expect(billingFactsOf({ status: 'posted', paymentStatus: 'paid' })).toEqual({
      status: 'posted',
      paid: true,
    });
    expect(billingFactsOfView({ status: 'draft', paid: false, paymentStatus: 'paid' }).paid).toBe(
      false,
    );
    expect(billingFactsOfView({ status: 'draft', paymentStatus: 'paid' }).paid).toBe(true);
    expect(billingFactsOfView({ status: 'draft' }).paid).toBe(false);
  });

  it('says why and what to do', () => {
    expect(billingLockMessage('paid', 'change')).toBe(BILLING_MESSAGES.paidChange);
    expect(billingLockMessage('paid', 'delete')).toBe(BILLING_MESSAGES.paidDelete);
    expect(billingLockMessage('completed', 'change')).toBe(BILLING_MESSAGES.completedChange);
    expect(billingLockMessage('completed', 'delete')).toBe(BILLING_MESSAGES.completedDelete);
    expect(BILLING_MESSAGES.paidDelete).toMatch(/reverse the payment/);
    expect(BILLING_MESSAGES.bulkLocked(1, 1)).toMatch(
      /^Nothing was deleted: 1 of the selected videos is paid/,
    );
    expect(BILLING_MESSAGES.bulkLocked(3, 1)).toMatch(
      /3 of the selected videos are completed or paid/,
    );
  });
});

describe('changedBilledFields', () => {
  const current = { type: 'vlog', duration: 60, userId: 'u1' };
  it('lists only the billed fields a change really changes', () => {
    expect(changedBilledFields(current, {})).toEqual([]);
    expect(changedBilledFields(current, { type: 'vlog', duration: 60, userId: 'u1' })).toEqual([]);
    expect(changedBilledFields(current, { type: 'funny' })).toEqual(['type']);
    expect(changedBilledFields(current, { duration: null })).toEqual(['duration']);
    expect(changedBilledFields(current, { userId: 'u2', duration: 5 })).toEqual([
      'duration',
      'owner',
    ]);
  });
});
