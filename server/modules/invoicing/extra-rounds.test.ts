import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { InvoicingRow, LedgerEvent, PricingPlan, RevenueBreakdown } from '@domain/invoicing';
import { monthOf } from '@domain/invoicing';
import { agencySettings, charges, clientBilling, invoices, videos } from '../../db/schema';
import { rowsOf } from '../../db/rows';
import { recordChargesPaid, recordChargesReversed } from './ledger.repository';
import { createScene, type Scene } from './test-fixtures';

/**
 * Extra revision rounds (issue 42, docs/rules.md#money): priced flat or by percentage from the
 * client's, plan's or agency's terms, locked when paid, a round after payment billed on its own,
 * and reversed with the video; the ledger's kinds and a retainer fee's charge.
 */

let s: Scene;
beforeAll(async () => {
  s = await createScene();
});
afterAll(async () => {
  await s.t.close();
});

const agency = (values: Partial<typeof agencySettings.$inferInsert>) =>
  s.t.db.update(agencySettings).set(values);
beforeEach(async () => {
  await agency({ includedRounds: 2, roundFeeKind: 'flat', roundFee: '0.00' });
  await s.t.db.delete(clientBilling);
  await s.call('king', 'PUT', `/api/admin/clients/${s.id.client}/pricing-plan`, { planId: null });
  await s.call('king', 'PUT', `/api/admin/clients/${s.id.client2}/pricing-plan`, { planId: null });
});

const row = async (id: string): Promise<InvoicingRow> => {
  const res = await s.call('king', 'GET', '/api/admin/invoicing?dateFilter=all');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<InvoicingRow[]>().find((r) => r.id === id)!;
};
const roundsOf = async (id: string) => {
  const r = await row(id);
  return {
    included: r.includedRounds,
    rounds: r.extraRounds,
    owed: r.extraRoundsOwed,
    total: r.extraRoundsTotal,
  };
};
/** A completed video at `price` (typed) with `rounds` review rounds. */
const videoWith = (price: string, rounds: number, v: Partial<typeof videos.$inferInsert> = {}) =>
  s.addVideo({ type: 'vlog', paymentAmount: price, rounds, ...v });
/** This month's ledger events; those of one transaction (one instant) paid before reversed. */
const ledger = async () => {
  const res = await s.call('king', 'GET', `/api/admin/payments?month=${monthOf(new Date())}`);
  expect(res.statusCode, res.body).toBe(200);
  const key = (e: LedgerEvent) => `${e.at} ${e.event} ${e.kind === 'video' ? 0 : 1} ${e.videoName}`;
  return res.json<LedgerEvent[]>().sort((a, b) => key(a).localeCompare(key(b)));
};
const chargesOf = (videoId: string) =>
  s.t.db.select().from(charges).where(eq(charges.videoId, videoId)).orderBy(charges.roundNumber);
const outstanding = async () => {
  const res = await s.call('king', 'GET', '/api/admin/revenue/summary');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ outstanding: { amount: string; videos: number } }>().outstanding;
};
const createPlan = async (body: Record<string, unknown>) => {
  const res = await s.call('king', 'POST', '/api/admin/pricing-plans', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<PricingPlan>();
};
const assignPlan = async (clientId: string, planId: string) => {
  const res = await s.call('king', 'PUT', `/api/admin/clients/${clientId}/pricing-plan`, {
    planId,
  });
  expect(res.statusCode, res.body).toBe(200);
};

describe('what an extra round costs', () => {
  it('prices the rounds beyond the included ones at the agency flat fee', async () => {
    await agency({ includedRounds: 1, roundFeeKind: 'flat', roundFee: '25.50' });
    const v = await videoWith('100.00', 3);
    const none = await videoWith('100.00', 1);
    expect(await roundsOf(v.id)).toEqual({
      included: 1,
      rounds: [
        { round: 2, amount: '25.50', paid: false, locked: false },
        { round: 3, amount: '25.50', paid: false, locked: false },
      ],
      owed: '51.00',
      total: '51.00',
    });
    expect(await roundsOf(none.id)).toMatchObject({ rounds: [], owed: '0.00', total: '0.00' });
    // The video's own amount is its price alone.
    expect((await row(v.id)).paymentAmount).toBe('100.00');
  });

  it('takes a percentage of the video price, rounded half-up to the cent', async () => {
    // 5% of 10.10 is 0.505: half-up gives 0.51 (a float would give 0.50).
    await agency({ includedRounds: 0, roundFeeKind: 'percent', roundFee: '5.00' });
    const typed = await videoWith('10.10', 1);
    expect(await roundsOf(typed.id)).toMatchObject({
      rounds: [{ round: 1, amount: '0.51', paid: false, locked: false }],
      owed: '0.51',
    });
    // Without a typed amount the effective price counts: 12.5% of 33.33 is 4.16625 -> 4.17.
    await agency({ roundFee: '12.50' });
    await s.setDefaultPrice('talking-head', '33.33');
    const priced = await s.addVideo({ type: 'talking-head', rounds: 2 });
    expect(await roundsOf(priced.id)).toMatchObject({
      rounds: [
        { round: 1, amount: '4.17' },
        { round: 2, amount: '4.17' },
      ],
      owed: '8.34',
      total: '8.34',
    });
  });

  it("takes the client's terms, else its active plan's, else the agency's", async () => {
    await agency({ includedRounds: 2, roundFeeKind: 'flat', roundFee: '1.00' });
    const plan = await createPlan({
      name: 'Rounds plan',
      includedRounds: 0,
      roundFeeKind: 'percent',
      roundFee: '10',
    });
    expect(plan).toMatchObject({ includedRounds: 0, roundFeeKind: 'percent', roundFee: '10.00' });
    const v = await videoWith('80.00', 3);
    const other = await videoWith('80.00', 3, { userId: s.id.client2 });
    expect(await roundsOf(v.id)).toMatchObject({ included: 2, owed: '1.00' });

    await assignPlan(s.id.client, plan.id);
    expect(await roundsOf(v.id)).toMatchObject({ included: 0, owed: '24.00' });
    expect(await roundsOf(other.id)).toMatchObject({ included: 2, owed: '1.00' });

    // The client's own included count, with the plan's fee (no fee of its own).
    await s.t.db.insert(clientBilling).values({ clientId: s.id.client, includedRounds: 1 });
    expect(await roundsOf(v.id)).toMatchObject({ included: 1, owed: '16.00' });
    await s.t.db
      .update(clientBilling)
      .set({ roundFeeKind: 'flat', roundFee: '3.33' })
      .where(eq(clientBilling.clientId, s.id.client));
    expect(await roundsOf(v.id)).toMatchObject({ included: 1, owed: '6.66' });

    // An inactive plan no longer counts.
    await s.call('king', 'PATCH', `/api/admin/pricing-plans/${plan.id}`, { isActive: false });
    await s.t.db.delete(clientBilling);
    expect(await roundsOf(v.id)).toMatchObject({ included: 2, owed: '1.00' });
  });
});

describe('paying extra rounds', () => {
  it('locks them with the video; a later fee change does not move them', async () => {
    await agency({ includedRounds: 1, roundFeeKind: 'percent', roundFee: '12.50' });
    const v = await videoWith('99.99', 3);
    const before = await outstanding();

    const result = await s.pay([v.id]);
    // 12.5% of 99.99 is 12.49875 -> 12.50 each.
    expect(result).toEqual({
      message: 'Marked 1 video and 2 extra rounds as paid ($124.99 locked).',
      updated: 1,
      skipped: 0,
      updatedIds: [v.id],
      skippedVideos: [],
      extraRounds: 2,
      total: '124.99',
    });
    const locked = await chargesOf(v.id);
    expect(
      locked.map((c) => [c.kind, c.roundNumber, c.description, c.amount, c.paidAt !== null]),
    ).toEqual([
      ['extra_round', 2, 'Extra revision round 2', '12.50', true],
      ['extra_round', 3, 'Extra revision round 3', '12.50', true],
    ]);
    const after = await outstanding();
    expect(after.videos).toBe(before.videos - 1);

    await agency({ roundFeeKind: 'flat', roundFee: '70.00', includedRounds: 0 });
    expect(await roundsOf(v.id)).toEqual({
      included: 0,
      rounds: [
        // Round 1 is extra now (the agency includes none): it floats at the new fee.
        { round: 1, amount: '70.00', paid: false, locked: false },
        { round: 2, amount: '12.50', paid: true, locked: true },
        { round: 3, amount: '12.50', paid: true, locked: true },
      ],
      owed: '70.00',
      total: '95.00',
    });

    const events = (await ledger()).filter((e) => e.videoId === v.id && e.kind === 'extra_round');
    expect(events.map((e) => [e.event, e.videoName, e.videoType, e.amount])).toEqual([
      ['paid', `${v.name} · Extra revision round 2`, 'vlog', '12.50'],
      ['paid', `${v.name} · Extra revision round 3`, 'vlog', '12.50'],
    ]);
  });

  it('bills a round started after payment on its own, never changing the paid line', async () => {
    await agency({ includedRounds: 2, roundFeeKind: 'flat', roundFee: '40.00' });
    const v = await videoWith('250.00', 3);
    await s.payAll([v.id]);
    const paid = (await s.t.db.select().from(videos).where(eq(videos.id, v.id)))[0]!;
    expect(paid.lockedPrice).toBe('250.00');

    // Back to review and done again: a fourth round.
    await s.t.db.update(videos).set({ rounds: 4 }).where(eq(videos.id, v.id));
    expect(await roundsOf(v.id)).toMatchObject({
      rounds: [
        { round: 3, amount: '40.00', paid: true, locked: true },
        { round: 4, amount: '40.00', paid: false, locked: false },
      ],
      owed: '40.00',
    });
    // The floating round follows the fee; the paid one stays.
    await agency({ roundFee: '45.00' });
    expect(await roundsOf(v.id)).toMatchObject({ owed: '45.00', total: '85.00' });

    const result = await s.pay([v.id]);
    expect(result).toMatchObject({
      message: 'Marked 1 extra round as paid ($45.00 locked).',
      updated: 1,
      skipped: 0,
      updatedIds: [v.id],
      extraRounds: 1,
      total: '45.00',
    });
    const now = (await s.t.db.select().from(videos).where(eq(videos.id, v.id)))[0]!;
    expect([now.lockedPrice, now.paidDate?.toISOString()]).toEqual([
      '250.00',
      paid.paidDate?.toISOString(),
    ]);
    expect((await row(v.id)).paymentAmount).toBe('250.00');
    // Nothing left to pay: the next call skips it as paid.
    expect(await s.pay([v.id])).toMatchObject({
      updated: 0,
      extraRounds: 0,
      skippedVideos: [{ id: v.id, reason: 'already_paid' }],
    });
    const videoEvents = (await ledger()).filter((e) => e.videoId === v.id);
    expect(videoEvents.map((e) => [e.event, e.kind, e.amount])).toEqual([
      ['paid', 'video', '250.00'],
      ['paid', 'extra_round', '40.00'],
      ['paid', 'extra_round', '45.00'],
    ]);
  });

  it('reverses the video and its rounds; invoiced rounds keep their row, others float again', async () => {
    await agency({ includedRounds: 1, roundFeeKind: 'flat', roundFee: '10.00' });
    const v = await videoWith('60.00', 3);
    await s.payAll([v.id]);
    const [round2] = await chargesOf(v.id);
    // Round 2 was on an issued invoice (helper C issues them; one is put in place here).
    const [invoice] = await s.t.db
      .insert(invoices)
      .values({
        number: 9001,
        clientId: s.id.client,
        issueDate: '2026-01-01',
        dueDate: '2026-01-31',
        currency: 'USD',
        seller: { name: 'Agency', address: '', taxId: '' },
        buyer: { name: 'Zed Client', address: '', taxId: '' },
        subtotal: '10.00',
        tax: '0.00',
        total: '10.00',
      })
      .returning();
    await s.t.db.update(charges).set({ invoiceId: invoice!.id }).where(eq(charges.id, round2!.id));
    await agency({ roundFee: '11.00' });

    const result = await s.pay([v.id], true);
    expect(result).toEqual({
      message:
        'Marked 1 video and 2 extra rounds as unpaid ($80.00 released); paid dates and locked prices were cleared.',
      updated: 1,
      skipped: 0,
      updatedIds: [v.id],
      skippedVideos: [],
      extraRounds: 2,
      total: '80.00',
    });
    const left = await chargesOf(v.id);
    expect(left.map((c) => [c.roundNumber, c.amount, c.paidAt, c.invoiceId])).toEqual([
      [2, '10.00', null, invoice!.id],
    ]);
    expect(await roundsOf(v.id)).toMatchObject({
      rounds: [
        { round: 2, amount: '10.00', paid: false, locked: true },
        { round: 3, amount: '11.00', paid: false, locked: false },
      ],
      owed: '21.00',
    });
    const events = (await ledger()).filter((e) => e.videoId === v.id);
    expect(events.map((e) => [e.event, e.kind, e.amount])).toEqual([
      ['paid', 'video', '60.00'],
      ['paid', 'extra_round', '10.00'],
      ['paid', 'extra_round', '10.00'],
      ['reversed', 'video', '-60.00'],
      ['reversed', 'extra_round', '-10.00'],
      ['reversed', 'extra_round', '-10.00'],
    ]);
    // Paid again: the invoiced round keeps its amount, the other locks at today's fee.
    expect(await s.pay([v.id])).toMatchObject({ extraRounds: 2, total: '81.00' });
  });

  it('counts every kind in revenue, with a by-kind breakdown', async () => {
    const breakdown = async () => {
      const res = await s.call('king', 'GET', '/api/admin/revenue/breakdown');
      expect(res.statusCode, res.body).toBe(200);
      const b = res.json<RevenueBreakdown>();
      return Object.fromEntries(b.byKind.map((k) => [k.label, [k.totalRevenue, k.totalVideos]]));
    };
    const summary = async () =>
      (await s.call('king', 'GET', '/api/admin/revenue/summary')).json<{
        totalRevenue: string;
        totalVideos: number;
      }>();
    const [kinds, sum] = [await breakdown(), await summary()];
    await agency({ includedRounds: 0, roundFeeKind: 'flat', roundFee: '7.25' });
    const v = await videoWith('20.00', 2);
    await s.payAll([v.id]);
    const cents = (x: string | undefined) => Math.round(Number(x ?? '0') * 100);
    const [kinds2, sum2] = [await breakdown(), await summary()];
    expect(cents(kinds2['Videos']?.[0] as string) - cents(kinds['Videos']?.[0] as string)).toBe(
      2000,
    );
    expect(
      cents(kinds2['Extra rounds']?.[0] as string) - cents(kinds['Extra rounds']?.[0] as string),
    ).toBe(1450);
    expect(Number(kinds2['Extra rounds']?.[1] ?? 0) - Number(kinds['Extra rounds']?.[1] ?? 0)).toBe(
      2,
    );
    expect(cents(sum2.totalRevenue) - cents(sum.totalRevenue)).toBe(3450);
    // Extra rounds add revenue, not videos.
    expect(sum2.totalVideos - sum.totalVideos).toBe(1);
  });

  it('shows the rounds in the invoicing CSV and the kind in the payments CSV', async () => {
    await agency({ includedRounds: 1, roundFeeKind: 'flat', roundFee: '5.00' });
    const v = await videoWith('1.00', 3, { name: 'Csv rounds' });
    await s.payAll([v.id]);
    await s.t.db.update(videos).set({ rounds: 4 }).where(eq(videos.id, v.id));
    const csv = await s.call('king', 'GET', '/api/admin/invoicing.csv?dateFilter=all');
    const line = csv.body.split('\r\n').find((l) => l.startsWith('Csv rounds,'));
    // Rounds, extra rounds, their amount, what is unpaid.
    expect(line).toMatch(/,4,3,15\.00,5\.00$/);
    const payments = await s.call('king', 'GET', '/api/admin/payments.csv');
    expect(payments.body).toContain(',paid,Extra round,Csv rounds · Extra revision round 2,vlog,');
  });
});

describe('charges of any kind in the ledger', () => {
  it('pays and reverses a retainer fee: no video, its description as the name', async () => {
    const [fee] = await s.t.db
      .insert(charges)
      .values({
        clientId: s.id.client2,
        kind: 'retainer_fee',
        month: '2026-11-01',
        description: 'Retainer · November 2026',
        amount: '1500.00',
      })
      .returning();
    const paid = await s.t.db.transaction((tx) => recordChargesPaid(tx, [fee!.id], s.id.king));
    expect(paid).toEqual([
      { id: fee!.id, kind: 'retainer_fee', videoId: null, roundNumber: null, amount: '1500.00' },
    ]);
    // Twice is once.
    expect(await recordChargesPaid(s.t.db, [fee!.id], s.id.king)).toEqual([]);
    const events = (await ledger()).filter((e) => e.kind === 'retainer_fee');
    expect(events).toEqual([
      expect.objectContaining({
        event: 'paid',
        videoId: null,
        videoName: 'Retainer · November 2026',
        videoType: 'retainer',
        clientName: 'amy client',
        editorId: null,
        amount: '1500.00',
        by: 'The King',
      }),
    ]);
    const res = await s.call('king', 'GET', '/api/admin/revenue/breakdown');
    const b = res.json<RevenueBreakdown>();
    expect(b.byKind.find((k) => k.key === 'retainer_fee')).toEqual({
      key: 'retainer_fee',
      label: 'Retainer fees',
      totalRevenue: '1500.00',
      totalVideos: 1,
    });
    expect(b.byType.find((k) => k.key === 'retainer')).toMatchObject({
      label: 'Retainer',
      totalRevenue: '1500.00',
      totalVideos: 0,
    });

    const reversed = await recordChargesReversed(s.t.db, [fee!.id], s.id.king);
    expect(reversed.map((c) => c.id)).toEqual([fee!.id]);
    const [kept] = await s.t.db.select().from(charges).where(eq(charges.id, fee!.id));
    expect([kept!.amount, kept!.paidAt]).toEqual(['1500.00', null]);
    const after = (await ledger()).filter((e) => e.kind === 'retainer_fee');
    expect(after.map((e) => [e.event, e.amount])).toEqual([
      ['paid', '1500.00'],
      ['reversed', '-1500.00'],
    ]);
  });

  it('locks a free round without a ledger event', async () => {
    const v = await videoWith('5.00', 3);
    expect(await s.pay([v.id])).toMatchObject({ extraRounds: 1, total: '5.00' });
    expect((await chargesOf(v.id)).map((c) => [c.roundNumber, c.amount])).toEqual([[3, '0.00']]);
    expect((await ledger()).filter((e) => e.videoId === v.id).map((e) => e.kind)).toEqual([
      'video',
    ]);
    expect(await s.pay([v.id], true)).toMatchObject({ extraRounds: 1, total: '5.00' });
    expect(await chargesOf(v.id)).toEqual([]);
  });

  it('pays each round once when two mark-paid calls race', async () => {
    await agency({ includedRounds: 0, roundFeeKind: 'flat', roundFee: '2.00' });
    const v = await videoWith('3.00', 2);
    const results = await Promise.all([s.pay([v.id]), s.pay([v.id])]);
    expect(results.map((r) => r.extraRounds).sort()).toEqual([0, 2]);
    const counted = rowsOf<{ n: number }>(
      await s.t.db.execute(
        sql`select count(*)::int as n from payment_events where video_id = ${v.id}::uuid`,
      ),
    );
    expect(counted[0]!.n).toBe(3);
    expect(
      await s.t.db
        .select()
        .from(charges)
        .where(and(eq(charges.videoId, v.id), eq(charges.kind, 'extra_round'))),
    ).toHaveLength(2);
  });
});

describe('a plan’s round pricing', () => {
  it('is set and changed through the plan, null meaning the agency’s', async () => {
    const plan = await createPlan({ name: 'Plain plan' });
    expect(plan).toMatchObject({ includedRounds: null, roundFeeKind: null, roundFee: null });
    const res = await s.call('king', 'PATCH', `/api/admin/pricing-plans/${plan.id}`, {
      includedRounds: 3,
      roundFeeKind: 'flat',
      roundFee: '19.9',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      includedRounds: 3,
      roundFeeKind: 'flat',
      roundFee: '19.90',
    });
    const cleared = await s.call('king', 'PATCH', `/api/admin/pricing-plans/${plan.id}`, {
      roundFeeKind: null,
      roundFee: null,
    });
    expect(cleared.json()).toMatchObject({ includedRounds: 3, roundFeeKind: null, roundFee: null });
  });

  it.each([
    [{ includedRounds: -1 }, 'Included rounds must be a whole number from 0 to 100'],
    [{ includedRounds: 101 }, 'Included rounds must be a whole number from 0 to 100'],
    [{ includedRounds: 1.5 }, 'Included rounds must be a whole number from 0 to 100'],
    [{ roundFeeKind: 'hourly', roundFee: '1' }, 'Round fee kind must be flat or percent'],
    [{ roundFeeKind: 'flat' }, 'Round fee kind and round fee go together: give both, or both null'],
    [{ roundFee: '5.00' }, 'Round fee kind and round fee go together: give both, or both null'],
    [
      { roundFeeKind: 'flat', roundFee: null },
      'Round fee kind and round fee go together: give both, or both null',
    ],
    [{ roundFeeKind: 'percent', roundFee: '100.01' }, 'A percentage round fee must be at most 100'],
    [{ roundFeeKind: 'flat', roundFee: '-1' }, 'Round fee must be a valid non-negative number'],
    [{ roundFeeKind: 'flat', roundFee: '1.005' }, 'Round fee must have at most two decimal places'],
  ])('refuses %j: %s', async (fields, message) => {
    const res = await s.call('king', 'POST', '/api/admin/pricing-plans', {
      name: `Bad ${JSON.stringify(fields)}`,
      ...fields,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe(message);
  });
});
