import type { FastifyInstance } from 'fastify';
import type { PaymentStatus } from '@domain/invoicing';
import type { Db } from '../../db/client';
import { unlockedDeliveries } from '../videos/videos.repository';
import { changePaymentStatus, type PaymentChange } from './invoicing.repository';

/**
 * Every way a video becomes paid or unpaid (mark paid, reverse, an invoice paid): the payment
 * change, and in the same transaction the notices of the deliveries it unlocks (docs/rules.md
 * #delivery): a "deliver when paid" client's completed video with a delivery link, now paid,
 * tells its owner and team leads, by notice and email. A reverse hides the link again (the
 * video JSON reads the payment) and tells no one.
 */
export function payAndDeliver(
  app: Pick<FastifyInstance, 'notifier'>,
  videoIds: string[],
  to: PaymentStatus,
  actorId: string,
): Promise<PaymentChange> {
  return app.notifier.transaction(async (tx: Db, notify) => {
    const change = await changePaymentStatus(tx, videoIds, to, actorId);
    const unlocked = await unlockedDeliveries(tx, change.paidIds);
    if (unlocked.length) await notify.deliveryReady({ id: actorId }, unlocked);
    return change;
  });
}
