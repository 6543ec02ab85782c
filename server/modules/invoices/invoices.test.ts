import { eq, sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  invoiceLabel,
  type Agency,
  type InvoiceAction,
  type InvoiceDetail,
  type InvoicePreview,
  type InvoiceSummary,
} from '@domain/invoices';
import { INVOICING_MESSAGES, type UnpaidAging } from '@domain/invoicing';
import {
  charges,
  paymentEvents,
  retainerDraws,
  retainerMonths,
  retainers,
  videos,
} from '../../db/schema';
import { callerFor, loginAs, seedUser } from '../../test/helper';
import { createScene, monthsAgo, type Scene } from '../invoicing/test-fixtures';
import { issueInvoice } from './invoices.repository';

/**
 * Issued invoices (issue 42, docs/rules.md#money): the agency's and the client's details, what an
 * invoice takes (unpaid work, extra rounds, retainer fees; never covered or pending work), its
 * exact totals, gapless numbers, payment, the PDF read back by an independent extractor, the
 * client's own invoices and the overdue ones in the aging.
 */

let s: Scene;
const monthDay = (d: Date) => d.toISOString().slice(0, 8) + '01';
const today = () => new Date().toISOString().slice(0, 10);
const plusDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

beforeAll(async () => {
  s = await createScene();
});
afterAll(async () => {
  await s.t.close();
});

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

async function putAgency(body: object) {
  return s.call('king', 'PUT', '/api/admin/agency', body);
}

describe('agency details', () => {
  it('has defaults, saves every field, and keeps those left out', async () => {
    const before = (await s.get('/api/admin/agency')) as Agency;
    expect(before).toMatchObject({
      currency: 'USD',
      taxRate: null,
      paymentTermsDays: 30,
      includedRounds: 2,
      roundFeeKind: 'flat',
      roundFee: '0.00',
      frameRate: '30',
      logo: null,
    });
    const res = await putAgency({
      name: 'Cut & Co',
      address: '1 Main St, Springfield',
      taxId: 'US-123',
      logo: PNG,
      paymentTermsDays: 14,
      paymentInstructions: 'IBAN DE00 1234',
      currency: 'eur',
      taxRate: 8.25,
      includedRounds: 2,
      roundFeeKind: 'flat',
      roundFee: '25',
      frameRate: '29.97df',
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json() as Agency;
    expect(saved).toEqual({
      name: 'Cut & Co',
      address: '1 Main St, Springfield',
      taxId: 'US-123',
      logo: PNG,
      paymentTermsDays: 14,
      paymentInstructions: 'IBAN DE00 1234',
      currency: 'EUR',
      taxRate: '8.25',
      includedRounds: 2,
      roundFeeKind: 'flat',
      roundFee: '25.00',
      frameRate: '29.97df',
    });
    const partial = await putAgency({ frameRate: '25' });
    expect(partial.json()).toEqual({ ...saved, frameRate: '25' });
    await putAgency({ frameRate: '29.97df' });
  });

  it('refuses bad values with their messages', async () => {
    const big = `data:image/png;base64,iVBORw0KGgo${'A'.repeat(280_000)}`;
    const gif = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
    const notPng = 'data:image/png;base64,/9j/4AAQSkZJRgABAQ==';
    const cases: [object, string][] = [
      [{ currency: 'XYZ' }, 'Currency must be an ISO 4217 code of three letters, e.g. USD or EUR'],
      [{ currency: 'US' }, 'Currency must be an ISO 4217 code of three letters, e.g. USD or EUR'],
      [{ currency: 7 }, 'Currency must be an ISO 4217 code of three letters, e.g. USD or EUR'],
      [
        { taxRate: '8.255' },
        'Tax rate must be a percentage from 0 to 100 with at most two decimals',
      ],
      [
        { taxRate: '100.01' },
        'Tax rate must be a percentage from 0 to 100 with at most two decimals',
      ],
      [{ taxRate: -1 }, 'Tax rate must be a percentage from 0 to 100 with at most two decimals'],
      [{ paymentTermsDays: 366 }, 'Payment terms must be a whole number of days from 0 to 365'],
      [{ paymentTermsDays: 1.5 }, 'Payment terms must be a whole number of days from 0 to 365'],
      [{ logo: gif }, 'The logo must be a PNG or JPEG image'],
      [{ logo: notPng }, 'The logo must be a PNG or JPEG image'],
      [{ logo: big }, 'The logo must be at most 200 KB'],
      [
        { frameRate: '29' },
        'Frame rate must be one of 23.976, 24, 25, 29.97df, 30, 50, 59.94df, 60',
      ],
      [{ includedRounds: 101 }, 'Included rounds must be a whole number from 0 to 100'],
      [{ roundFeeKind: 'percent', roundFee: '150' }, 'A percentage round fee must be at most 100'],
      [{ roundFee: '1.234' }, 'Round fee must have at most two decimal places'],
      [{ name: 'x'.repeat(201) }, 'Agency name must be at most 200 characters'],
    ];
    for (const [body, message] of cases) {
      const res = await putAgency(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(((await s.get('/api/admin/agency')) as Agency).currency).toBe('EUR');
  });
});

describe("a client's billing details", () => {
  it('are empty until saved, and refuse a half-set round fee or a bad email', async () => {
    const url = `/api/admin/clients/${s.id.client}/billing`;
    expect(await s.get(url)).toEqual({
      companyName: '',
      billingAddress: '',
      taxId: '',
      billingEmail: '',
      includedRounds: null,
      roundFeeKind: null,
      roundFee: null,
      deliveryMode: 'on_approval',
    });
    const saved = await s.call('king', 'PUT', url, {
      companyName: 'Zed Industries',
      billingAddress: '9 Dock Rd, Harbor City',
      taxId: 'DE 999',
      billingEmail: 'ap@zed.test',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ companyName: 'Zed Industries', roundFee: null });
    for (const [body, message] of [
      [
        { roundFeeKind: 'flat' },
        'Round fee kind and round fee go together: give both, or both null',
      ],
      [
        { roundFeeKind: null, roundFee: '5.00' },
        'Round fee kind and round fee go together: give both, or both null',
      ],
      [{ billingEmail: 'not-an-email' }, 'Please enter a valid email address'],
      [{ includedRounds: -1 }, 'Included rounds must be a whole number from 0 to 100'],
    ] as const) {
      const res = await s.call('king', 'PUT', url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const editor = await s.call('king', 'GET', `/api/admin/clients/${s.id.editor}/billing`);
    expect(editor.statusCode).toBe(404);
    expect(editor.json().message).toBe('Client not found');
  });
});

describe('issuing, paying and reading an invoice', () => {
  let invoice: InvoiceDetail;
  let preview: InvoicePreview;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    await s.setDefaultPrice('vlog', '19.99');
    const add = async (key: string, v: Parameters<Scene['addVideo']>[0]) => {
      ids[key] = (await s.addVideo({ name: key, ...v })).id;
    };
    await add('Launch film', { paymentAmount: '100.20', finishDate: monthsAgo(3, 5), rounds: 4 });
    await add('Vlog one', { type: 'vlog', status: 'ready_to_post', finishDate: monthsAgo(3, 6) });
    await add('Paid film', {
      paymentStatus: 'paid',
      lockedPrice: '50.00',
      paidDate: monthsAgo(3, 7),
      finishDate: monthsAgo(3, 7),
      rounds: 3,
    });
    await add('Draft', { status: 'draft', finishDate: null });
    await add('Other client', { userId: s.id.client2, paymentAmount: '9.00' });
    // A retainer from two months ago: that month closed (one video covered, one overage, its
    // fee charged); this month open (its video pending).
    const [retainer] = await s.t.db
      .insert(retainers)
      .values({ clientId: s.id.client, startMonth: monthDay(monthsAgo(2)) })
      .returning();
    await add('Covered', { finishDate: monthsAgo(2, 3), paymentAmount: '70.00' });
    await add('Over', { finishDate: monthsAgo(2, 4), paymentAmount: '40.00' });
    await add('Pending', { finishDate: monthsAgo(0, 1), paymentAmount: '30.00' });
    const closed = monthDay(monthsAgo(2));
    await s.t.db
      .insert(retainerMonths)
      .values({ retainerId: retainer!.id, month: closed, fee: '500.00', summary: {} });
    await s.t.db.insert(retainerDraws).values(
      (['Covered', 'Over'] as const).map((name) => ({
        videoId: ids[name]!,
        retainerId: retainer!.id,
        month: closed,
        bucket: '*',
        covered: name === 'Covered',
      })),
    );
    await s.t.db.insert(charges).values({
      clientId: s.id.client,
      kind: 'retainer_fee',
      retainerId: retainer!.id,
      month: closed,
      description: 'Retainer · the closed month',
      amount: '500.00',
    });
    const chargesBefore = await s.t.db.select().from(charges);
    const shown = await s.call('king', 'GET', `/api/admin/clients/${s.id.client}/invoice-preview`);
    expect(shown.statusCode, shown.body).toBe(200);
    preview = shown.json();
    // The preview writes nothing: no extra round became a charge.
    expect(await s.t.db.select().from(charges)).toEqual(chargesBefore);
    const res = await s.call('king', 'POST', '/api/admin/invoices', { clientId: s.id.client });
    expect(res.statusCode, res.body).toBe(201);
    invoice = res.json();
  });

  it('previews exactly what it then issues (lines, buyer, totals to the cent)', async () => {
    expect(preview).toEqual({
      clientId: s.id.client,
      currency: invoice.currency,
      buyer: invoice.buyer,
      lines: invoice.lines.map(({ position, kind, description, amount }) => ({
        position,
        kind,
        description,
        amount,
      })),
      subtotal: '735.19',
      taxRate: '8.25',
      tax: '60.65',
      total: '795.84',
    });
    expect([preview.subtotal, preview.tax, preview.total]).toEqual([
      invoice.subtotal,
      invoice.tax,
      invoice.total,
    ]);
    // Once issued, nothing is left: the preview answers 409 like the issue; not a client: 404.
    const after = await s.call('king', 'GET', `/api/admin/clients/${s.id.client}/invoice-preview`);
    expect(after.statusCode).toBe(409);
    expect(after.json().message).toBe('There is nothing to invoice for this client yet.');
    const editor = await s.call('king', 'GET', `/api/admin/clients/${s.id.editor}/invoice-preview`);
    expect(editor.statusCode).toBe(404);
  });

  it('takes the unpaid work, extra rounds and retainer fee, and nothing else', () => {
    expect(invoice.lines.map((l) => [l.position, l.kind, l.description, l.amount])).toEqual([
      [1, 'video', 'Launch film', '100.20'],
      [2, 'video', 'Vlog one', '19.99'],
      [3, 'overage', "Over · over the retainer's allowance", '40.00'],
      [4, 'extra_round', 'Launch film · Extra revision round 3', '25.00'],
      [5, 'extra_round', 'Launch film · Extra revision round 4', '25.00'],
      [6, 'extra_round', 'Paid film · Extra revision round 3', '25.00'],
      [7, 'retainer_fee', 'Retainer · the closed month', '500.00'],
    ]);
  });

  it('has exact totals, tax once on the subtotal, the dates and both parties as they were', () => {
    expect(invoice).toMatchObject({
      label: invoiceLabel(invoice.number),
      clientId: s.id.client,
      clientName: 'Zed Industries',
      issueDate: today(),
      dueDate: plusDays(today(), 14),
      currency: 'EUR',
      subtotal: '735.19',
      taxRate: '8.25',
      // 735.19 × 8.25 % = 60.653175: 60.65
      tax: '60.65',
      total: '795.84',
      paid: '0.00',
      balance: '795.84',
      status: 'open',
      emailedAt: null,
      seller: {
        name: 'Cut & Co',
        address: '1 Main St, Springfield',
        taxId: 'US-123',
        logo: PNG,
        paymentInstructions: 'IBAN DE00 1234',
      },
      buyer: {
        name: 'Zed Industries',
        address: '9 Dock Rd, Harbor City',
        taxId: 'DE 999',
        email: 'ap@zed.test',
      },
    });
  });

  it('locks the extra rounds as charges on the invoice, and has nothing left to invoice', async () => {
    const rounds = await s.t.db.select().from(charges).where(eq(charges.kind, 'extra_round'));
    expect(rounds.map((c) => [c.roundNumber, c.amount, c.invoiceId, c.description]).sort()).toEqual(
      [
        [3, '25.00', invoice.id, 'Extra revision round 3'],
        [3, '25.00', invoice.id, 'Extra revision round 3'],
        [4, '25.00', invoice.id, 'Extra revision round 4'],
      ],
    );
    // An invoiced video's amount is the invoice's: typing another one is refused, nothing moves.
    const retyped = await s.call(
      'king',
      'PATCH',
      `/api/admin/videos/${ids['Vlog one']!}/payment-amount`,
      { paymentAmount: '5.00' },
    );
    expect(retyped.statusCode).toBe(409);
    expect(retyped.json().message).toBe(INVOICING_MESSAGES.invoicedAmount);
    const [vlog] = await s.t.db.select().from(videos).where(eq(videos.id, ids['Vlog one']!));
    expect(vlog!.paymentAmount).toBe('19.99');
    const again = await s.call('king', 'POST', '/api/admin/invoices', { clientId: s.id.client });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('There is nothing to invoice for this client yet.');
    const notClient = await s.call('king', 'POST', '/api/admin/invoices', {
      clientId: s.id.editor,
    });
    expect(notClient.statusCode).toBe(404);
  });

  it('counts a line paid elsewhere, then pays the rest: paid, balance 0, in the ledger', async () => {
    await s.payAll([ids['Launch film']!]);
    const partly = (await s.get(`/api/admin/invoices/${invoice.id}`)) as InvoiceDetail;
    // Mark Paid pays a video with its extra rounds: both of Launch film's are on the invoice.
    expect([partly.paid, partly.balance, partly.status]).toEqual(['150.20', '645.64', 'open']);
    expect(partly.lines.filter((l) => l.paid).map((l) => l.position)).toEqual([1, 4, 5]);

    const res = await s.call('king', 'POST', `/api/admin/invoices/${invoice.id}/pay`);
    expect(res.statusCode, res.body).toBe(200);
    const { message, invoice: paid } = res.json() as InvoiceAction;
    expect(message).toBe(`${invoice.label} is paid (4 lines marked paid).`);
    expect([paid.paid, paid.balance, paid.status]).toEqual(['795.84', '0.00', 'paid']);
    const [vlog] = await s.t.db.select().from(videos).where(eq(videos.id, ids['Vlog one']!));
    expect([vlog!.paymentStatus, vlog!.lockedPrice]).toEqual(['paid', '19.99']);
    const events = await s.t.db
      .select({
        kind: paymentEvents.kind,
        amount: paymentEvents.amount,
        name: paymentEvents.videoName,
      })
      .from(paymentEvents)
      .where(eq(paymentEvents.clientId, s.id.client));
    expect(
      events
        .filter((e) => e.kind !== 'video' || e.name !== 'Paid film')
        .map((e) => [e.kind, e.amount])
        .sort(),
    ).toEqual([
      ['extra_round', '25.00'],
      ['extra_round', '25.00'],
      ['extra_round', '25.00'],
      ['retainer_fee', '500.00'],
      ['video', '100.20'],
      ['video', '19.99'],
      ['video', '40.00'],
    ]);
    // The ledger reads them, the retainer fee without a video.
    const ledger = (await s.get('/api/admin/payments')) as {
      videoName: string;
      videoId: unknown;
    }[];
    expect(ledger.find((e) => e.videoName === 'Retainer · the closed month')?.videoId).toBeNull();
    const twice = await s.call('king', 'POST', `/api/admin/invoices/${invoice.id}/pay`);
    expect((twice.json() as InvoiceAction).message).toBe(`${invoice.label} was already paid.`);
  });

  it('renders a PDF with the seller, buyer, number, dates, every line and the totals', async () => {
    const res = await s.call('king', 'GET', `/api/admin/invoices/${invoice.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice.label}.pdf"`);
    const { text } = await extractText(new Uint8Array(res.rawPayload), { mergePages: true });
    const long = (day: string) =>
      new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
        timeZone: 'UTC',
        year: 'numeric',
        month: 'long',
        day: 'numeric',
      });
    for (const expected of [
      'Cut & Co',
      '1 Main St, Springfield',
      'Tax ID: US-123',
      'IBAN DE00 1234',
      'Zed Industries',
      '9 Dock Rd, Harbor City',
      'Tax ID: DE 999',
      'ap@zed.test',
      invoice.label,
      `Issue date: ${long(invoice.issueDate)}`,
      `Due date: ${long(invoice.dueDate)}`,
      ...invoice.lines.map((l) => l.description),
      '€100.20',
      '€19.99',
      '€40.00',
      '€25.00',
      '€500.00',
      'Subtotal',
      '€735.19',
      'Tax (8.25%)',
      '€60.65',
      'Total',
      '€795.84',
      'Paid',
      'Balance due',
      '€0.00',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it("is the client's to read, not another client's nor a team lead's", async () => {
    const owner = (url: string) => s.call('client', 'GET', url);
    const list = await owner('/api/me/invoices');
    expect(list.statusCode).toBe(200);
    expect((list.json() as InvoiceSummary[]).map((i) => i.id)).toContain(invoice.id);
    const mine = await owner(`/api/me/invoices/${invoice.id}`);
    expect((mine.json() as InvoiceDetail).total).toBe('795.84');
    const pdf = await owner(`/api/me/invoices/${invoice.id}/pdf`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const other = (url: string) => s.call('client2', 'GET', url);
    expect((await other(`/api/me/invoices/${invoice.id}`)).statusCode).toBe(404);
    expect((await other(`/api/me/invoices/${invoice.id}/pdf`)).statusCode).toBe(404);
    expect((await other('/api/me/invoices')).json()).toEqual([]);
    await seedUser(s.t, { username: 'lead-of-zed', role: 'client_team_lead' });
    const lead = callerFor(s.t, { me: await loginAs(s.t, 'lead-of-zed') });
    const refused = await lead('me', 'GET', '/api/me/invoices');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Only a client can read its invoices here');
    expect((await s.call('lead', 'GET', '/api/me/invoices')).statusCode).toBe(403);
  });
});

describe('extra rounds', () => {
  it("price from the client's own round pricing: a percentage of the price, half-up", async () => {
    await s.call('king', 'PUT', `/api/admin/clients/${s.id.client2}/billing`, {
      includedRounds: 1,
      roundFeeKind: 'percent',
      roundFee: '10',
    });
    await s.addVideo({ userId: s.id.client2, name: 'Vlog', type: 'vlog', rounds: 3 });
    await s.addVideo({ userId: s.id.client2, name: 'Tiny', paymentAmount: '0.05', rounds: 2 });
    const res = await s.call('king', 'POST', '/api/admin/invoices', { clientId: s.id.client2 });
    expect(res.statusCode, res.body).toBe(201);
    const { lines } = res.json() as InvoiceDetail;
    // 10 % of 19.99 = 1.999: 2.00; 10 % of 0.05 = 0.005: 0.01.
    expect(
      lines.filter((l) => l.kind === 'extra_round').map((l) => [l.description, l.amount]),
    ).toEqual([
      ['Vlog · Extra revision round 2', '2.00'],
      ['Vlog · Extra revision round 3', '2.00'],
      ['Tiny · Extra revision round 2', '0.01'],
    ]);
  });
});

describe('numbers', () => {
  it('are gapless and unique when 20 clients are invoiced at once', async () => {
    const clients = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        seedUser(s.t, { username: `many-${i}`, role: 'client' }).then(async (c) => {
          await s.addVideo({ userId: c.id, paymentAmount: '1.00' });
          return c.id;
        }),
      ),
    );
    const before = (await s.get('/api/admin/invoices')) as InvoiceSummary[];
    const highest = Math.max(0, ...before.map((i) => i.number));
    const answers = await Promise.all(
      clients.map((clientId) => s.call('king', 'POST', '/api/admin/invoices', { clientId })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 201));
    const numbers = answers.map((a) => (a.json() as InvoiceDetail).number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => highest + 1 + i));
  });

  it('bills a video once when two issues for one client run at once', async () => {
    const client = await seedUser(s.t, { username: 'twice-at-once', role: 'client' });
    await s.addVideo({ userId: client.id, paymentAmount: '5.00' });
    const answers = await Promise.all(
      [1, 2].map(() => s.call('king', 'POST', '/api/admin/invoices', { clientId: client.id })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it('a failed issue gives its number back', async () => {
    const client = await seedUser(s.t, { username: 'fails-once', role: 'client' });
    await s.addVideo({ userId: client.id, paymentAmount: '2.00' });
    const before = (await s.get('/api/admin/invoices')) as InvoiceSummary[];
    const next = Math.max(...before.map((i) => i.number)) + 1;
    // The lines' insert fails (after the number was taken), once.
    await s.t.db.execute(sql`
      create function refuse_lines() returns trigger language plpgsql as
        $$ begin raise exception 'no lines today'; end $$`);
    await s.t.db.execute(sql`create trigger refuse_lines before insert on invoice_lines
      for each statement execute function refuse_lines()`);
    await expect(issueInvoice(s.t.db, client.id, s.id.king)).rejects.toThrow();
    await s.t.db.execute(sql`drop trigger refuse_lines on invoice_lines`);
    const issued = await s.call('king', 'POST', '/api/admin/invoices', { clientId: client.id });
    expect((issued.json() as InvoiceDetail).number).toBe(next);
  });
});

describe('overdue invoices', () => {
  it('are overdue past their due date with a balance, and in the aging by days overdue', async () => {
    await putAgency({ paymentTermsDays: 0 });
    const client = await seedUser(s.t, { username: 'late-payer', role: 'client' });
    await s.addVideo({ userId: client.id, paymentAmount: '12.34' });
    const before = (await s.get('/api/admin/revenue/unpaid-aging')) as UnpaidAging;
    const made = await issueInvoice(
      s.t.db,
      client.id,
      s.id.king,
      new Date(Date.now() - 40 * 864e5),
    );
    const id = (made as { id: string }).id;
    const late = (await s.get(`/api/admin/invoices/${id}`)) as InvoiceDetail;
    expect([late.status, late.balance]).toEqual(['overdue', '13.36']);
    const overdue = (await s.get(`/api/admin/invoices?status=overdue`)) as InvoiceSummary[];
    expect(overdue.map((i) => i.id)).toEqual([id]);
    const after = (await s.get('/api/admin/revenue/unpaid-aging')) as UnpaidAging;
    const bucket = (a: UnpaidAging) => a.overdueInvoices.buckets.find((b) => b.key === '31-60')!;
    expect(bucket(after).invoices - bucket(before).invoices).toBe(1);
    expect(after.overdueInvoices.total.amount).toBe('13.36');
    await putAgency({ paymentTermsDays: 14 });
    const bad = await s.call('king', 'GET', '/api/admin/invoices?status=late');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Status must be 'open', 'overdue' or 'paid'");
  });
});
