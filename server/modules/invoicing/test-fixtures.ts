import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { PaymentResult } from '@domain/invoicing';
import { videos, videoTypes } from '../../db/schema';
import { callerFor, createTestApp, seedPeople, type Caller, type TestApp } from '../../test/helper';
import { recordPaid } from './ledger.repository';

/**
 * The scene the invoicing tests share: the king, an admin editor, a lead editor, an editor and
 * two clients, each signed in, a way to add videos in any state, and the king's calls the
 * tests make again and again.
 */
export const PEOPLE = {
  king: { role: 'king', isAdmin: 'true', name: 'The King' },
  admin: { role: 'editor', isAdmin: 'true', name: 'Ada Admin' },
  lead: { role: 'lead_editor', isAdmin: 'false', name: 'Lee Lead' },
  editor: { role: 'editor', isAdmin: 'false', name: 'Eve Editor' },
  client: { role: 'client', isAdmin: 'false', name: 'Zed Client' },
  client2: { role: 'client', isAdmin: 'false', name: 'amy client' },
} as const;
export type Person = keyof typeof PEOPLE | 'anonymous';

/** The scene's parts with types of their own (the Scene is what createScene returns). */
interface SceneParts {
  t: TestApp;
  id: Record<keyof typeof PEOPLE, string>;
  /** The people's cookie headers, for a request `call` does not make (one with headers). */
  cookie: Record<keyof typeof PEOPLE, string>;
  call: Caller<keyof typeof PEOPLE>;
  typeId: (name: string) => Promise<string>;
  addVideo: (v?: Partial<typeof videos.$inferInsert>) => Promise<typeof videos.$inferSelect>;
  /** The king sets a type's default price. */
  setDefaultPrice: (type: string, defaultPrice: string) => Promise<void>;
  /** The king marks videos paid, or unpaid with `reverse`: the answer (200). */
  pay: (videoIds: string[], reverse?: boolean) => Promise<PaymentResult>;
  /** The same, when every one of them must change. */
  payAll: (videoIds: string[], reverse?: boolean) => Promise<void>;
}

export type Scene = Awaited<ReturnType<typeof createScene>>;

export async function createScene() {
  const t = await createTestApp();
  const { id, cookie } = await seedPeople(
    t,
    (Object.keys(PEOPLE) as (keyof typeof PEOPLE)[]).map((key) => {
      const { role, isAdmin, name } = PEOPLE[key];
      return [key, role, isAdmin, name] as const;
    }),
  );
  const call = callerFor(t, cookie);
  const typeId = async (name: string) => {
    const [row] = await t.db.select().from(videoTypes).where(eq(videoTypes.name, name));
    if (!row) throw new Error(`no type ${name}`);
    return row.id;
  };
  let n = 0;
  const addVideo: SceneParts['addVideo'] = async (v = {}) => {
    const userId = v.userId ?? id.client;
    const [row] = await t.db
      .insert(videos)
      .values({
        name: `Video ${++n}`,
        link: `https://example.com/v/${n}`,
        status: 'posted',
        finishDate: new Date(),
        ...v,
        userId,
        // Unique per scene, so videos may be added concurrently.
        ordinal: 1_000_000 + n,
      })
      .returning();
    // Paid work placed directly is in the books too, as the migration and the demo put it there.
    if (row!.paymentStatus === 'paid') await recordPaid(t.db, [row!.id], null);
    return row!;
  };
  /** A GET as the king that must answer 200: its JSON. */
  const get = async (url: string) => {
    const res = await call('king', 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const setDefaultPrice: SceneParts['setDefaultPrice'] = async (type, defaultPrice) => {
    const res = await call('king', 'PATCH', `/api/admin/video-types/${await typeId(type)}/price`, {
      defaultPrice,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const pay: SceneParts['pay'] = async (videoIds, reverse = false) => {
    const res = await call(
      'king',
      'PATCH',
      reverse ? '/api/admin/payment/reverse' : '/api/admin/payment',
      { videoIds },
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const payAll: SceneParts['payAll'] = async (videoIds, reverse) => {
    expect((await pay(videoIds, reverse)).updated).toBe(videoIds.length);
  };
  return {
    t,
    id,
    cookie,
    call,
    typeId,
    addVideo,
    get,
    setDefaultPrice,
    pay,
    payAll,
  } satisfies SceneParts & { get: unknown };
}

/** Amounts every money field refuses (docs/product.md#validation-and-messages), by the message they get. */
const BAD_AMOUNTS = {
  invalid: ['-1', '-0.01', -0.5, 'ten', 'abc', '', null, undefined, true],
  decimals: ['1.999', '0.001'],
  tooLarge: ['100000000', '100000000.00'],
} as const;

/**
 * The king sends each bad amount as `field` to `url`: every one is refused (400) with docs/product.md#validation-and-messages's message for that field, named by `label` ("Payment amount", "Default price").
 */
export async function expectBadAmountsRefused(s: Scene, url: string, field: string, label: string) {
  const messages = {
    invalid: `${label} must be a valid non-negative number`,
    decimals: `${label} must have at most two decimal places`,
    tooLarge: `${label} must be at most 99,999,999.99`,
  };
  for (const kind of ['invalid', 'decimals', 'tooLarge'] as const) {
    for (const value of BAD_AMOUNTS[kind]) {
      const res = await s.call('king', 'PATCH', url, { [field]: value });
      expect(res.statusCode, String(value)).toBe(400);
      expect(res.json().message, String(value)).toBe(messages[kind]);
    }
  }
}

/** The first instant of the month `offset` months from the current UTC month. */
export function monthsAgo(offset: number, day = 10): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - offset, day, 12));
}
