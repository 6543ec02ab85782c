import { normalizeRole, type Role } from '@domain/roles';
import type { Db } from '../../db/client';
import type { SessionUser, UserRow } from '../../db/schema';
import { HttpError } from '../../plugins/errors';
import type { Notifier } from '../notifications/notifier';
import { findUserById } from '../users/users.repository';

/**
 * The route options of a call that makes a pair (POST /api/assignments, POST /api/team-leads):
 * its body; 201 with the new pair, or 409 when the pair exists already.
 */
export const newPairRoute = <Body, Pair, Duplicate>(
  body: Body,
  pair: Pair,
  duplicate: Duplicate,
) => ({
  // A retried pairing answers as the first did, not 409 "already assigned".
  config: { idempotent: true },
  schema: { body, response: { 201: pair, 409: duplicate } },
});

/** What a new pair's refusals say (400 and 409), as the module's messages name them. */
export interface PairRefusals {
  /** 400: the client does not have role client. */
  clientRole: string;
  /** 409: the pair exists already. */
  duplicate: string;
}

/**
 * Pairs a client with a member of its staff, an editor (POST /api/assignments) or a client team
 * lead (POST /api/team-leads), for a manager: 400 unless the client has role client and the
 * other person `staff.role` (else `staff.refusal`). The pair (`insert`: undefined when it exists
 * already, 409) and the notice to the other person commit together; the sockets hear after the
 * commit. A team lead hears it as an editor does: "… assigned you to the client …".
 */
export async function addClientPair<Row>(
  { db, notifier, manager }: { db: Db; notifier: Notifier; manager: SessionUser },
  clientId: string,
  staff: { id: string; role: Role; refusal: string },
  refusals: PairRefusals,
  insert: (tx: Db) => Promise<Row | undefined>,
): Promise<{ row: Row; client: UserRow; other: UserRow }> {
  const [client, other] = await Promise.all([
    findUserById(db, clientId),
    findUserById(db, staff.id),
  ]);
  if (!client || normalizeRole(client.role) !== 'client') {
    throw new HttpError(400, refusals.clientRole);
  }
  if (!other || normalizeRole(other.role) !== staff.role) throw new HttpError(400, staff.refusal);
  const row = await notifier.transaction(async (tx, notify) => {
    const created = await insert(tx);
    if (!created) throw new HttpError(409, refusals.duplicate);
    await notify.clientAssigned(manager, client, other);
    return created;
  });
  return { row, client, other };
}
