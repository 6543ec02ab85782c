import { describe, expect, it } from 'vitest';
import { DELIVERY_MESSAGES, deliveryBody, deliveryFor, type DeliveryFacts } from './delivery';

const LINK = 'https://drive.example.com/master';
const facts = (over: Partial<DeliveryFacts> = {}): DeliveryFacts => ({
  link: LINK,
  status: 'posted',
  paid: false,
  mode: 'when_paid',
  invoice: null,
  ...over,
});

describe('deliveryFor (docs/rules.md#delivery)', () => {
  it('the agency always sees the link; a guest never does; no link shows nothing', () => {
    expect(deliveryFor('agency', facts({ status: 'draft' }))).toEqual({ link: LINK });
    expect(deliveryFor('guest', facts({ paid: true, mode: 'on_approval' }))).toBeUndefined();
    expect(deliveryFor('client', facts({ link: null, paid: true }))).toBeUndefined();
  });

  it('on approval: the client side sees it once completed', () => {
    expect(deliveryFor('client', facts({ mode: 'on_approval', status: 'review' }))).toBeUndefined();
    expect(deliveryFor('client', facts({ mode: 'on_approval', status: 'ready_to_post' }))).toEqual({
      link: LINK,
    });
  });

  it('when paid: the lock (naming the invoice) until paid, then the link', () => {
    expect(deliveryFor('client', facts({ status: 'in_progress' }))).toBeUndefined();
    expect(deliveryFor('client', facts())).toEqual({ locked: DELIVERY_MESSAGES.lockedUntilPaid });
    expect(deliveryFor('client', facts({ invoice: 'INV-0012' }))).toEqual({
      locked: 'Delivery unlocks when invoice INV-0012 is paid',
    });
    expect(deliveryFor('client', facts({ paid: true }))).toEqual({ link: LINK });
  });

  it('a link must be an http(s) address', () => {
    expect(deliveryBody.safeParse({ link: 'javascript:alert(1)' }).error?.issues[0]?.message).toBe(
      DELIVERY_MESSAGES.linkInvalid,
    );
    expect(deliveryBody.parse({ link: 'drive.example.com/x' })).toEqual({
      link: 'https://drive.example.com/x',
    });
    expect(deliveryBody.parse({ link: null })).toEqual({ link: null });
  });
});
