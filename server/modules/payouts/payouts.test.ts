import { eq, type SQL, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { EditorRate, Statement, StatementAction, StatementSummary } from '@domain/payouts';
import { monthOfDate } from '@domain/retainers';
import { agencySettings, clientTeamLeadAssignments, payoutItems, videos } from '../../db/schema';
import { secondInstance, seedVideo, setUpSuite, type Method } from '../../test/helper';

/**
 * Editor payouts (issue 44, docs/rules.md "Payouts"): rates, the lock at completion (exact cents,
 * surviving a rate change), extra rounds, the append-only ledger with its reversals, and who
 * reads which statement.
 */
const t = setUpSuite([
  ['king', 'king', 'true', 'The King'],
  ['eve', 'editor', 'false', 'Eve Editor'],
  ['ed', 'editor', 'false', 'Ed Other'],
  ['lead', 'lead_editor', 'false', 'Lee Lead'],
  ['client', 'client', 'false', 'Zed Client'],
  ['teamLead', 'client_team_lead', 'false', 'Tia Lead'],
] as const);

const month = monthOfDate(new Date());

beforeAll(async () => {
  await t.db.update(agencySettings).set({ includedRounds: 2 });
  await t.db
    .insert(clientTeamLeadAssignments)
    .values({ clientId: t.id.client, teamLeadId: t.id.teamLead });
});

const ok = async <T>(who: string, method: Method, url: string, body?: object) => {
  const res = await t.call(who, method, url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const setRate = (body: object) =>
  ok<{ rate: EditorRate }>('king', 'PUT', '/api/admin/editor-rates', body);

/** A video of the client in review, `rounds` rounds begun, edited by `editor`. */
const inReview = (
  editor: string | null,
  rounds: number,
  v: Partial<typeof videos.$inferInsert> = {},
) =>
  seedVideo(t, {
    userId: t.id.client,
    assignedEditorId: editor,
    status: 'review',
    type: 'vlog',
    rounds,
    name: `Video ${Math.random().toString(36).slice(2, 7)}`,
    paymentAmount: '777.77',
    ...v,
  });
/** The client approves: the video enters ready_to_post. */
const approve = (id: string) =>
  ok('client', 'PATCH', `/api/videos/${id}/status`, { status: 'ready_to_post' });
const statementOf = (editor: string) =>
  ok<Statement>('king', 'GET', `/api/admin/payouts/${t.id[editor as 'eve']}/${month}`);

describe('rates', () => {
  it('sets a default per type and an editor override, and lists them', async () => {
    const d = await setRate({ videoType: 'vlog', rate: '40', roundRate: '5.5' });
    expect(d.rate).toMatchObject({
      editorId: null,
      videoType: 'vlog',
      rate: '40.00',
      roundRate: '5.50',
    });
    const own = await setRate({ editorId: t.id.eve, videoType: 'vlog', rate: '55.55' });
    expect(own.rate).toMatchObject({ editorName: 'Eve Editor', rate: '55.55', roundRate: null });
    // Saving again replaces (one row per editor and type).
    await setRate({ editorId: t.id.eve, videoType: 'vlog', rate: '55.55', roundRate: null });
    const list = await ok<EditorRate[]>('king', 'GET', '/api/admin/editor-rates');
    expect(list.map((r) => [r.editorName, r.videoType, r.rate, r.roundRate])).toEqual([
      [null, 'vlog', '40.00', '5.50'],
      ['Eve Editor', 'vlog', '55.55', null],
    ]);
  });

  it('refuses a bad amount, an unknown type and a non-editor with a message', async () => {
    const bad = async (body: object, status: number, message: RegExp) => {
      const res = await t.call('king', 'PUT', '/api/admin/editor-rates', body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json<{ message: string }>().message).toMatch(message);
    };
    await bad({ videoType: 'vlog', rate: '1.234' }, 400, /Rate must have at most two decimal/);
    await bad({ videoType: 'vlog', rate: '5', roundRate: '-1' }, 400, /Round rate must be/);
    await bad({ videoType: 'nope', rate: '5' }, 404, /no video type named "nope"/);
    await bad({ editorId: t.id.client, videoType: 'vlog', rate: '5' }, 404, /no editor/);
  });

  it('removes a rate (404 once gone)', async () => {
    const made = await setRate({ editorId: t.id.ed, videoType: 'funny', rate: '1.00' });
    await ok('king', 'DELETE', `/api/admin/editor-rates/${made.rate.id}`);
    const again = await t.call('king', 'DELETE', `/api/admin/editor-rates/${made.rate.id}`);
    expect(again.statusCode).toBe(404);
  });
});

describe('the lock at completion', () => {
  it("locks the editor's own rate, or the default with its extra rounds, to the cent", async () => {
    const eve = await inReview(t.id.eve, 3);
    const ed = await inReview(t.id.ed, 4);
    await approve(eve.id);
    await approve(ed.id);
    const mine = await statementOf('eve');
    // Eve's own rate has no round rate: her third round pays nothing.
    expect(mine.items.map((i) => [i.kind, i.roundNumber, i.amount])).toEqual([
      ['video', null, '55.55'],
    ]);
    expect(mine).toMatchObject({
      total: '55.55',
      paid: '0.00',
      balance: '55.55',
      editorName: 'Eve Editor',
    });
    const his = await statementOf('ed');
    expect(his.items.map((i) => [i.kind, i.roundNumber, i.amount])).toEqual([
      ['video', null, '40.00'],
      ['extra_round', 3, '5.50'],
      ['extra_round', 4, '5.50'],
    ]);
    expect(his).toMatchObject({ total: '51.00', balance: '51.00', itemCount: 3 });
    expect(his.items[0]).toMatchObject({
      clientName: 'Zed Client',
      videoName: ed.name,
      videoType: 'vlog',
    });
  });

  it('survives a rate change, and a second completion adds nothing', async () => {
    await setRate({ videoType: 'vlog', rate: '99.99', roundRate: '9.99' });
    await setRate({ editorId: t.id.eve, videoType: 'vlog', rate: '1.00' });
    expect((await statementOf('eve')).total).toBe('55.55');
    expect((await statementOf('ed')).total).toBe('51.00');
    // Back to ready, posted, and back: entering posted from ready_to_post is no new completion,
    // and neither is a completion again of a video already locked.
    const [v] = await t.db.select().from(videos).where(eq(videos.assignedEditorId, t.id.ed));
    await ok('king', 'PATCH', `/api/videos/${v!.id}/status`, { status: 'posted' });
    expect((await statementOf('ed')).total).toBe('51.00');
    await setRate({ videoType: 'vlog', rate: '40.00', roundRate: '5.50' });
  });

  it('adds a round begun after an earlier lock when the video completes again, at the rate then', async () => {
    const v = await inReview(t.id.ed, 2);
    await approve(v.id);
    expect((await statementOf('ed')).total).toBe('91.00');
    // Reopened for a third round and approved again: that round locks, the video's item stays.
    await t.db.update(videos).set({ status: 'review', rounds: 3 }).where(eq(videos.id, v.id));
    await setRate({ videoType: 'vlog', rate: '40.00', roundRate: '7.25' });
    await approve(v.id);
    const items = (await statementOf('ed')).items.filter((i) => i.videoId === v.id);
    expect(items.map((i) => [i.kind, i.roundNumber, i.amount])).toEqual([
      ['video', null, '40.00'],
      ['extra_round', 3, '7.25'],
    ]);
    await setRate({ videoType: 'vlog', rate: '40.00', roundRate: '5.50' });
  });

  it('locks nothing without an editor or without a rate for the type', async () => {
    const before = await t.db.select().from(payoutItems);
    await approve((await inReview(null, 1)).id);
    await approve((await inReview(t.id.eve, 1, { type: 'podcast' })).id);
    expect(await t.db.select().from(payoutItems)).toHaveLength(before.length);
  });
});

describe('the ledger', () => {
  let paidId = '';

  it('pays out the balance; a second pay-out of nothing is refused (409)', async () => {
    const paid = await ok<StatementAction>(
      'king',
      'POST',
      `/api/admin/payouts/${t.id.ed}/${month}/pay-out`,
    );
    expect(paid.message).toMatch(/^Paid out \$98\.25 to Ed Other for /);
    expect(paid.statement).toMatchObject({ total: '98.25', paid: '98.25', balance: '0.00' });
    paidId = paid.statement.events[0]!.id;
    const again = await t.call('king', 'POST', `/api/admin/payouts/${t.id.ed}/${month}/pay-out`);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(
      'Nothing to pay out: the balance of this month is 0.00',
    );
  });

  it('reverses a pay-out with a new entry: the statement shows both', async () => {
    const res = await ok<StatementAction>(
      'king',
      'POST',
      `/api/admin/payout-events/${paidId}/reverse`,
    );
    expect(
      res.statement.events.map((e) => [e.event, e.amount, e.reversesId, e.reversedById]),
    ).toEqual([
      ['paid_out', '98.25', null, res.statement.events[1]!.id],
      ['reversed', '98.25', paidId, null],
    ]);
    expect(res.statement).toMatchObject({ total: '98.25', paid: '0.00', balance: '98.25' });
    const twice = await t.call('king', 'POST', `/api/admin/payout-events/${paidId}/reverse`);
    expect([twice.statusCode, twice.json<{ message: string }>().message]).toEqual([
      409,
      'This pay-out was reversed already',
    ]);
    const ofReversal = await t.call(
      'king',
      'POST',
      `/api/admin/payout-events/${res.statement.events[1]!.id}/reverse`,
    );
    expect(ofReversal.statusCode).toBe(409);
  });

  it('is append-only: the database refuses to change or delete an entry', async () => {
    await expect(t.db.execute(sql`update payout_events set amount = 1`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from payout_events`)).rejects.toThrow();
  });

  it('pays out once when two pay-outs come at once (two instances)', async () => {
    const other = await secondInstance(t);
    try {
      const url = `/api/admin/payouts/${t.id.ed}/${month}/pay-out`;
      const headers = { cookie: t.cookie.king };
      const results = await Promise.all([
        t.app.inject({ method: 'POST', url, headers }),
        other.app.inject({ method: 'POST', url, headers }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    } finally {
      await other.close();
    }
    const s = await statementOf('ed');
    expect(s.events.map((e) => e.event)).toEqual(['paid_out', 'reversed', 'paid_out']);
    expect(s).toMatchObject({ paid: '98.25', balance: '0.00' });
  });

  it("lists the month's statements with their totals", async () => {
    const list = await ok<StatementSummary[]>('king', 'GET', `/api/admin/payouts?month=${month}`);
    expect(list.map((s) => [s.editorName, s.itemCount, s.total, s.paid, s.balance])).toEqual([
      ['Ed Other', 5, '98.25', '98.25', '0.00'],
      ['Eve Editor', 1, '55.55', '0.00', '55.55'],
    ]);
  });

  it('writes the statement as CSV whose Amount column sums to the balance, and as a PDF', async () => {
    const csv = await t.call('king', 'GET', `/api/admin/payouts/${t.id.ed}/${month}/csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="payout-ed-other-${month}.csv"`,
    );
    const lines = csv.body.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines[0]).toBe('Date,Entry,Video,Round,Type,Client,Amount');
    const amounts = lines.slice(1).map((l) => l.split(',').at(-1)!);
    expect(amounts.slice(-3)).toEqual(['-98.25', '98.25', '-98.25']);
    const cents = amounts.reduce((sum, a) => sum + Math.round(Number(a) * 100), 0);
    expect(cents).toBe(0);
    const pdf = await t.call('king', 'GET', `/api/admin/payouts/${t.id.ed}/${month}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('who reads which statement', () => {
  it('an editor reads its own months and statement, never another editor nor client prices', async () => {
    const months = await ok<StatementSummary[]>('eve', 'GET', '/api/me/payouts');
    expect(months.map((m) => [m.editorName, m.month, m.total])).toEqual([
      ['Eve Editor', month, '55.55'],
    ]);
    const res = await t.call('eve', 'GET', `/api/me/payouts/${month}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<Statement>().items.map((i) => i.amount)).toEqual(['55.55']);
    // The videos' client prices (777.77) and the other editor's statement are never in it.
    expect(res.body).not.toMatch(/777\.77|Ed Other|paymentAmount|lockedPrice/);
    const csv = await t.call('eve', 'GET', `/api/me/payouts/${month}/csv`);
    expect(csv.body).not.toMatch(/777\.77|Ed Other/);
    expect((await t.call('eve', 'GET', `/api/me/payouts/${month}/pdf`)).statusCode).toBe(200);
  });

  it('keeps a locked item as it was: the database refuses to change or delete it', async () => {
    const [item] = await t.db.select().from(payoutItems).where(eq(payoutItems.editorId, t.id.eve));
    const refusal = (change: SQL) =>
      t.db.execute(change).then(
        () => 'done',
        (err: Error) => String((err.cause as Error | undefined)?.message ?? err.message),
      );
    const id = item!.id;
    expect(await refusal(sql`update payout_items set amount = 1 where id = ${id}`)).toBe(
      'payout_items are locked: UPDATE is not allowed',
    );
    expect(
      await refusal(sql`update payout_items set editor_id = ${t.id.ed} where id = ${id}`),
    ).toBe('payout_items are locked: UPDATE is not allowed');
    expect(await refusal(sql`delete from payout_items where id = ${id}`)).toBe(
      'payout_items are locked: DELETE is not allowed',
    );
    expect((await statementOf('eve')).total).toBe('55.55');
    // Its video deleted, the item stays, as it was.
    await t.db.delete(videos).where(eq(videos.id, item!.videoId!));
    const [kept] = await t.db.select().from(payoutItems).where(eq(payoutItems.id, id));
    expect(kept).toEqual({ ...item, videoId: null });
  });

  it('a lead editor has payouts too; an empty month is an empty statement', async () => {
    const s = await ok<Statement>('lead', 'GET', '/api/me/payouts/2020-01');
    expect(s).toMatchObject({ editorName: 'Lee Lead', items: [], total: '0.00', balance: '0.00' });
  });

  it('refuses clients, team leads and the king their "own" payouts, and non-admins the admin routes', async () => {
    for (const who of ['client', 'teamLead', 'king']) {
      const res = await t.call(who, 'GET', '/api/me/payouts');
      expect(res.statusCode, who).toBe(403);
      expect(res.json<{ message: string }>().message).toBe(
        'Only editors and lead editors have payouts',
      );
    }
    for (const who of ['client', 'teamLead', 'eve', 'lead']) {
      const res = await t.call(who, 'GET', `/api/admin/payouts/${t.id.eve}/${month}`);
      expect(res.statusCode, who).toBe(403);
      expect(res.body).not.toMatch(/55\.55/);
    }
  });

  it('answers 404 for a statement of someone who is no editor and has none', async () => {
    const res = await t.call('king', 'GET', `/api/admin/payouts/${t.id.client}/${month}`);
    expect(res.statusCode).toBe(404);
  });
});
