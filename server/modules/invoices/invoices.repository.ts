import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import {
  invoiceLabel,
  invoiceTax,
  type Agency,
  type AgencyUpdate,
  type ClientBilling,
  type ClientBillingUpdate,
  type InvoiceDetail,
  type InvoiceLine,
  type InvoicePreview,
  type InvoiceStatus,
  type InvoiceSummary,
} from '@domain/invoices';
import { DEFAULT_DELIVERY_MODE } from '@domain/delivery';
import { AGING_BUCKETS, type UnpaidAging } from '@domain/invoicing';
import { sumMoney } from '@domain/money';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import {
  agencySettings,
  charges,
  clientBilling,
  emailOutbox,
  emailSettings,
  invoiceCounter,
  invoiceLines,
  invoices,
  users,
  videos,
  type InvoiceLineKind,
} from '../../db/schema';
import { recordChargesPaid } from '../invoicing/ledger.repository';
import { extraRoundsSql, moneyText, owedSql } from '../invoicing/pricing-sql';
import { hasClientRole } from '../users/users.repository';

/**
 * Issued invoices, the agency's invoice details and clients' billing details (issue 42,
 * docs/rules.md#money). An invoice's lines and totals are fixed when it is issued; what it has
 * been paid is read live from its videos and charges.
 */

type Executor = Pick<Db, 'execute'>;

// --- Agency details ------------------------------------------------------------------------------

type AgencyRow = typeof agencySettings.$inferSelect;

const toAgency = (r: AgencyRow): Agency => ({
  name: r.agencyName,
  address: r.agencyAddress,
  taxId: r.agencyTaxId,
  logo: r.agencyLogo,
  paymentTermsDays: r.paymentTermsDays,
  paymentInstructions: r.paymentInstructions,
  currency: r.currency,
  taxRate: r.taxRate,
  includedRounds: r.includedRounds,
  roundFeeKind: r.roundFeeKind,
  roundFee: r.roundFee,
  frameRate: r.frameRate,
});

/** The agency's settings row (made with its defaults when missing). */
export async function readAgency(db: Db): Promise<Agency> {
  const [row] = await db.select().from(agencySettings).limit(1);
  if (row) return toAgency(row);
  const [made] = await db
    .insert(agencySettings)
    .values({ id: true })
    .onConflictDoUpdate({ target: agencySettings.id, set: { id: true } })
    .returning();
  return toAgency(made!);
}

/** Saves the fields given; the others stay. */
export async function saveAgency(db: Db, body: AgencyUpdate): Promise<Agency> {
  const set: Partial<typeof agencySettings.$inferInsert> = {
    agencyName: body.name,
    agencyAddress: body.address,
    agencyTaxId: body.taxId,
    agencyLogo: body.logo,
    paymentTermsDays: body.paymentTermsDays,
    paymentInstructions: body.paymentInstructions,
    currency: body.currency,
    taxRate: body.taxRate,
    includedRounds: body.includedRounds,
    roundFeeKind: body.roundFeeKind,
    roundFee: body.roundFee,
    frameRate: body.frameRate,
  };
  const defined = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined));
  if (!Object.keys(defined).length) return readAgency(db);
  const [row] = await db
    .insert(agencySettings)
    .values({ id: true, ...defined })
    .onConflictDoUpdate({ target: agencySettings.id, set: defined })
    .returning();
  return toAgency(row!);
}

// --- Client billing ------------------------------------------------------------------------------

const NO_BILLING: ClientBilling = {
  companyName: '',
  billingAddress: '',
  taxId: '',
  billingEmail: '',
  includedRounds: null,
  roundFeeKind: null,
  roundFee: null,
  deliveryMode: DEFAULT_DELIVERY_MODE,
};

/** Whether `id` is a client's id. */
export async function isClient(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), hasClientRole()))
    .limit(1);
  return Boolean(row);
}

export async function readClientBilling(db: Db, clientId: string): Promise<ClientBilling> {
  const [row] = await db
    .select()
    .from(clientBilling)
    .where(eq(clientBilling.clientId, clientId))
    .limit(1);
  if (!row) return NO_BILLING;
  const { clientId: _c, updatedAt: _u, ...billing } = row;
  return billing;
}

export async function saveClientBilling(
  db: Db,
  clientId: string,
  body: ClientBillingUpdate,
): Promise<ClientBilling> {
  const defined = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  const [row] = await db
    .insert(clientBilling)
    .values({ clientId, ...defined })
    .onConflictDoUpdate({
      target: clientBilling.clientId,
      set: { ...defined, updatedAt: sql`now()` },
    })
    .returning();
  const { clientId: _c, updatedAt: _u, ...billing } = row!;
  return billing;
}

// --- What a client has not been invoiced for -----------------------------------------------------

interface Unbilled {
  kind: InvoiceLineKind;
  videoId: string | null;
  chargeId: string | null;
  roundNumber: number | null;
  description: string;
  amount: string;
}

/**
 * The client's completed unpaid videos on no invoice, with what each owes: kind 'overage' when
 * its retainer month drew it as overage; left out when the draw covered it or when its finish
 * month is a retainer month not closed yet (pending: billed when the month closes). The retainer
 * tables are read directly (helper A's owedSql gives covered and pending videos 0.00).
 */
async function unbilledVideos(db: Executor, clientId: string): Promise<Unbilled[]> {
  const month = sql`date_trunc('month', ${videos.finishDate} at time zone 'UTC')::date`;
  const result = await db.execute(sql`
    select ${videos.id} as video_id, ${videos.name} as name, (${owedSql()})::text as amount,
      (d.covered is not null and not d.covered) as overage
    from ${videos}
    left join retainer_draws d on d.video_id = ${videos.id}
    where ${videos.userId} = ${clientId}::uuid
      and ${videos.status} in ('ready_to_post', 'posted')
      and ${videos.paymentStatus} = 'unpaid'
      and not exists (select 1 from invoice_lines l where l.video_id = ${videos.id})
      and coalesce(d.covered, false) = false
      and (d.video_id is not null or ${videos.finishDate} is null or not exists (
        select 1 from retainers r
        where r.client_id = ${videos.userId} and r.start_month <= ${month}
          and (r.end_month is null or ${month} <= r.end_month)
          and not exists (select 1 from retainer_months m
            where m.retainer_id = r.id and m.month = ${month})))
    order by ${videos.finishDate} nulls last, ${videos.createdAt}, ${videos.id}`);
  return rowsOf<{ video_id: string; name: string; amount: string; overage: boolean }>(result).map(
    (r) => ({
      kind: r.overage ? 'overage' : 'video',
      videoId: r.video_id,
      chargeId: null,
      roundNumber: null,
      description: r.overage ? `${r.name} · over the retainer's allowance` : r.name,
      amount: r.amount,
    }),
  );
}

/**
 * The client's live extra revision rounds (docs/rules.md#money): every round of its videos
 * beyond the included ones (client_billing, else its active plan, else the agency) that has no
 * charge yet, priced flat or as a percentage of the video's price (locked when paid, else typed,
 * else effective; never a retainer's 0), half-up to cents (pricing-sql.ts extraRoundsSql, the
 * one home of the rule). Rounds that cost nothing are left out.
 */
async function liveExtraRounds(db: Executor, clientId: string): Promise<Unbilled[]> {
  const result = await db.execute(sql`
    select ${videos.id} as video_id, ${videos.name} as name, x.round_number,
      x.amount::text as amount
    from ${videos}
    cross join lateral ${extraRoundsSql('videos')} x
    where ${videos.userId} = ${clientId}::uuid and x.charge_id is null and x.amount > 0
    order by ${videos.finishDate} nulls last, ${videos.createdAt}, ${videos.id}, x.round_number`);
  return rowsOf<{ video_id: string; name: string; round_number: number; amount: string }>(
    result,
  ).map((r) => ({
    kind: 'extra_round',
    videoId: r.video_id,
    chargeId: null,
    roundNumber: Number(r.round_number),
    description: `${r.name} · ${extraRoundDescription(Number(r.round_number))}`,
    amount: r.amount,
  }));
}

/** A charge's description for an extra round (the brief's wording). */
const extraRoundDescription = (n: number) => `Extra revision round ${n}`;

/** The client's unpaid charges on no invoice yet (retainer fees, extra rounds locked already). */
async function unbilledCharges(db: Executor, clientId: string): Promise<Unbilled[]> {
  const result = await db.execute(sql`
    select c.id, c.kind, c.video_id, c.round_number, c.amount::text as amount,
      case when v.name is not null then v.name || ' · ' || c.description else c.description end
        as description
    from charges c left join videos v on v.id = c.video_id
    where c.client_id = ${clientId}::uuid and c.invoice_id is null and c.paid_at is null
    order by c.kind desc, c.month nulls last, c.created_at, c.id`);
  return rowsOf<{
    id: string;
    kind: 'retainer_fee' | 'extra_round';
    video_id: string | null;
    round_number: number | null;
    amount: string;
    description: string;
  }>(result).map((r) => ({
    kind: r.kind,
    videoId: r.video_id,
    chargeId: r.id,
    roundNumber: r.round_number,
    description: r.description,
    amount: r.amount,
  }));
}

/** Everything the client has not been invoiced for, in the order an invoice lists it. */
async function unbilledItems(db: Executor, clientId: string): Promise<Unbilled[]> {
  return [
    ...(await unbilledVideos(db, clientId)),
    ...(await liveExtraRounds(db, clientId)),
    ...(await unbilledCharges(db, clientId)),
  ];
}

interface ClientNames {
  id: string;
  name: string | null;
  username: string;
}

/** The buyer as an invoice copies it: client_billing's details, else the client's own. */
async function buyerOf(db: Db, client: ClientNames): Promise<InvoiceDetail['buyer']> {
  const billing = await readClientBilling(db, client.id);
  const [settings] = await db
    .select({ address: emailSettings.address })
    .from(emailSettings)
    .where(eq(emailSettings.userId, client.id));
  return {
    name: billing.companyName || client.name || client.username,
    address: billing.billingAddress,
    taxId: billing.taxId,
    email: billing.billingEmail || settings?.address || '',
  };
}

/**
 * What an invoice for the client would hold if issued now (GET …/invoice-preview): the same
 * unbilled items, buyer and tax as `issueInvoice`, read only (no charge is made, no number
 * taken). 'empty' when there is nothing to invoice.
 */
export async function previewInvoice(
  db: Db,
  clientId: string,
): Promise<InvoicePreview | 'not_found' | 'empty'> {
  const [client] = await db
    .select({ id: users.id, name: users.name, username: users.username })
    .from(users)
    .where(and(eq(users.id, clientId), hasClientRole()));
  if (!client) return 'not_found';
  const items = await unbilledItems(db, clientId);
  if (!items.length) return 'empty';
  const agency = await readAgency(db);
  const subtotal = sumMoney(items.map((i) => i.amount));
  const tax = invoiceTax(subtotal, agency.taxRate);
  return {
    clientId,
    currency: agency.currency,
    buyer: await buyerOf(db, client),
    lines: items.map((i, n) => ({
      position: n + 1,
      kind: i.kind,
      description: i.description,
      amount: i.amount,
    })),
    subtotal,
    taxRate: agency.taxRate,
    tax,
    total: sumMoney([subtotal, tax]),
  };
}

// --- Issue ---------------------------------------------------------------------------------------

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return isoDay(d);
};

export type IssueResult = { id: string } | 'not_found' | 'empty';

/**
 * Issues an invoice of everything the client has not been invoiced for, in one transaction:
 * the client's row is locked first (two issues for one client never bill a video twice), the
 * number is taken last from invoice_counter (UPDATE … RETURNING: gapless, since a rolled-back
 * issue gives it back, and unique, since the row lock queues concurrent issues).
 */
export async function issueInvoice(
  db: Db,
  clientId: string,
  actorId: string | null,
  now = new Date(),
): Promise<IssueResult> {
  return db.transaction(async (tx) => {
    const [client] = await tx
      .select({ id: users.id, name: users.name, username: users.username })
      .from(users)
      .where(and(eq(users.id, clientId), hasClientRole()))
      .for('no key update');
    if (!client) return 'not_found';
    const found = await unbilledItems(tx, clientId);
    // Extra rounds are locked now, a charge each; one that gained a charge meanwhile (a mark
    // paid at the same moment) is left to that.
    const rounds = found.filter((i) => i.kind === 'extra_round' && !i.chargeId);
    if (rounds.length) {
      const made = await tx
        .insert(charges)
        .values(
          rounds.map((r) => ({
            clientId,
            kind: 'extra_round' as const,
            videoId: r.videoId,
            roundNumber: r.roundNumber,
            description: extraRoundDescription(r.roundNumber!),
            amount: r.amount,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: charges.id, videoId: charges.videoId, round: charges.roundNumber });
      for (const m of made) {
        const item = rounds.find((r) => r.videoId === m.videoId && r.roundNumber === m.round);
        if (item) item.chargeId = m.id;
      }
    }
    const items = found.filter((i) => i.kind !== 'extra_round' || i.chargeId);
    if (!items.length) return 'empty';

    const agency = await readAgency(tx);
    const buyer = await buyerOf(tx, client);
    const issueDate = isoDay(now);
    const subtotal = sumMoney(items.map((i) => i.amount));
    const tax = invoiceTax(subtotal, agency.taxRate);

    // The number last, so the counter's row is held only for the inserts that follow.
    const [counter] = await tx
      .update(invoiceCounter)
      .set({ nextNumber: sql`${invoiceCounter.nextNumber} + 1` })
      .where(eq(invoiceCounter.id, true))
      .returning({ next: invoiceCounter.nextNumber });
    const number = counter!.next - 1;

    const [invoice] = await tx
      .insert(invoices)
      .values({
        number,
        clientId,
        issueDate,
        dueDate: addDays(issueDate, agency.paymentTermsDays),
        currency: agency.currency,
        seller: {
          name: agency.name,
          address: agency.address,
          taxId: agency.taxId,
          logo: agency.logo,
          paymentInstructions: agency.paymentInstructions,
        },
        buyer,
        subtotal,
        taxRate: agency.taxRate,
        tax,
        total: sumMoney([subtotal, tax]),
        issuedById: actorId,
      })
      .returning({ id: invoices.id });
    const invoiceId = invoice!.id;

    const chargeIds = items.flatMap((i) => (i.chargeId ? [i.chargeId] : []));
    if (chargeIds.length) {
      await tx.update(charges).set({ invoiceId }).where(inArray(charges.id, chargeIds));
    }
    // The invoiced amount becomes the video's typed amount, so marking it paid locks just that.
    for (const v of items.filter((i) => i.kind === 'video' || i.kind === 'overage')) {
      if (v.amount === '0.00') continue;
      await tx
        .update(videos)
        .set({ paymentAmount: v.amount })
        .where(and(eq(videos.id, v.videoId!), eq(videos.paymentStatus, 'unpaid')));
    }
    await tx.insert(invoiceLines).values(
      items.map((i, n) => ({
        invoiceId,
        position: n + 1,
        kind: i.kind,
        videoId: i.videoId,
        chargeId: i.chargeId,
        description: i.description,
        amount: i.amount,
      })),
    );
    return { id: invoiceId };
  });
}

// --- Read ----------------------------------------------------------------------------------------

/** A line is paid when its video is paid, or its charge. */
const LINE_PAID = sql.raw(
  `((l.video_id is not null and l.charge_id is null and v.payment_status = 'paid') or c.paid_at is not null)`,
);

/** Per invoice `i`: what its paid lines sum to and whether all are, as a lateral join. */
const PAYMENTS = sql`left join lateral (
    select coalesce(sum(l.amount) filter (where ${LINE_PAID}), 0) as lines_paid,
      coalesce(bool_and(${LINE_PAID}), true) as all_paid
    from invoice_lines l
    left join videos v on v.id = l.video_id
    left join charges c on c.id = l.charge_id
    where l.invoice_id = i.id) p on true`;

const PAID = sql.raw(`(p.lines_paid + case when p.all_paid then i.tax else 0 end)`);
const statusSql = (today: string) =>
  sql`case when i.total - ${PAID} <= 0 then 'paid'
    when i.due_date < ${today}::date then 'overdue' else 'open' end`;

interface SummaryRow {
  id: string;
  number: number;
  client_id: string | null;
  buyer: InvoiceDetail['buyer'];
  seller: InvoiceDetail['seller'];
  issue_date: string;
  due_date: string;
  currency: string;
  subtotal: string;
  tax_rate: string | null;
  tax: string;
  total: string;
  paid: string;
  balance: string;
  status: InvoiceStatus;
  emailed_at: string | null;
  created_at: string;
}

async function selectInvoices(db: Executor, where: SQL, today: string) {
  const result = await db.execute(sql`
    select * from (
      select i.id, i.number, i.client_id, i.buyer, i.seller,
        to_char(i.issue_date, 'YYYY-MM-DD') as issue_date,
        to_char(i.due_date, 'YYYY-MM-DD') as due_date, i.currency,
        i.subtotal::text as subtotal, i.tax_rate::text as tax_rate, i.tax::text as tax,
        i.total::text as total, ${moneyText(PAID)} as paid,
        ${moneyText(sql`i.total - ${PAID}`)} as balance, ${statusSql(today)} as status,
        to_char(i.emailed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as emailed_at,
        to_char(i.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at
      from invoices i ${PAYMENTS}
    ) i
    where ${where}
    order by i.number desc`);
  return rowsOf<SummaryRow>(result);
}

const toSummary = (r: SummaryRow): InvoiceSummary => ({
  id: r.id,
  number: Number(r.number),
  label: invoiceLabel(Number(r.number)),
  clientId: r.client_id,
  clientName: r.buyer.name,
  issueDate: r.issue_date,
  dueDate: r.due_date,
  currency: r.currency,
  subtotal: r.subtotal,
  taxRate: r.tax_rate,
  tax: r.tax,
  total: r.total,
  paid: r.paid,
  balance: r.balance,
  status: r.status,
  emailedAt: r.emailed_at,
  createdAt: r.created_at,
});

export async function listInvoices(
  db: Db,
  filter: { clientId?: string; status?: InvoiceStatus },
  now = new Date(),
): Promise<InvoiceSummary[]> {
  const conditions = [sql`true`];
  if (filter.clientId) conditions.push(sql`i.client_id = ${filter.clientId}::uuid`);
  if (filter.status) conditions.push(sql`i.status = ${filter.status}`);
  return (await selectInvoices(db, sql.join(conditions, sql` and `), isoDay(now))).map(toSummary);
}

/** One invoice with its lines; `clientId` limits it to that client's (else undefined). */
export async function findInvoice(
  db: Executor,
  id: string,
  opts: { clientId?: string; now?: Date } = {},
): Promise<InvoiceDetail | undefined> {
  const where = opts.clientId
    ? sql`i.id = ${id}::uuid and i.client_id = ${opts.clientId}::uuid`
    : sql`i.id = ${id}::uuid`;
  const [row] = await selectInvoices(db, where, isoDay(opts.now ?? new Date()));
  if (!row) return undefined;
  const lines = await db.execute(sql`
    select l.id, l.position, l.kind, l.description, l.amount::text as amount, l.video_id,
      l.charge_id, ${LINE_PAID} as paid
    from invoice_lines l
    left join videos v on v.id = l.video_id
    left join charges c on c.id = l.charge_id
    where l.invoice_id = ${id}::uuid
    order by l.position`);
  return {
    ...toSummary(row),
    seller: {
      name: row.seller.name,
      address: row.seller.address,
      taxId: row.seller.taxId,
      logo: row.seller.logo ?? null,
      paymentInstructions: row.seller.paymentInstructions ?? '',
    },
    buyer: {
      name: row.buyer.name,
      address: row.buyer.address,
      taxId: row.buyer.taxId,
      email: row.buyer.email ?? '',
    },
    lines: rowsOf<{
      id: string;
      position: number;
      kind: InvoiceLine['kind'];
      description: string;
      amount: string;
      video_id: string | null;
      charge_id: string | null;
      paid: boolean;
    }>(lines).map((l) => ({
      id: l.id,
      position: Number(l.position),
      kind: l.kind,
      description: l.description,
      amount: l.amount,
      videoId: l.video_id,
      chargeId: l.charge_id,
      paid: Boolean(l.paid),
    })),
  };
}

// --- Pay -----------------------------------------------------------------------------------------

/**
 * Marks the invoice's unpaid charges paid (paid_at, and their ledger events) in one transaction;
 * the caller pays its videos through changePaymentStatus. The charges' ids paid.
 */
export async function payInvoiceCharges(db: Db, invoiceId: string, actorId: string) {
  return db.transaction(async (tx) => {
    const unpaid = await tx
      .select({ id: charges.id })
      .from(charges)
      .where(
        and(
          isNull(charges.paidAt),
          inArray(
            charges.id,
            tx
              .select({ id: invoiceLines.chargeId })
              .from(invoiceLines)
              .where(eq(invoiceLines.invoiceId, invoiceId)),
          ),
        ),
      )
      .orderBy(charges.id)
      .for('update');
    const paid = await recordChargesPaid(
      tx,
      unpaid.map((c) => c.id),
      actorId,
    );
    return paid.map((c) => c.id);
  });
}

// --- Send ----------------------------------------------------------------------------------------

/** Queues the invoice's email with its PDF and marks it emailed, in one transaction. */
export async function queueInvoiceEmail(
  db: Db,
  invoice: InvoiceDetail,
  email: { to: string; subject: string; text: string; html: string; fileName: string; pdf: Buffer },
) {
  await db.transaction(async (tx) => {
    await tx.insert(emailOutbox).values({
      recipientId: invoice.clientId,
      toAddress: email.to,
      kind: 'invoice',
      subject: email.subject,
      textBody: email.text,
      htmlBody: email.html,
      unsubscribeUrl: '',
      attachmentName: email.fileName,
      attachmentType: 'application/pdf',
      attachment: email.pdf,
    });
    await tx
      .update(invoices)
      .set({ emailedAt: sql`now()` })
      .where(eq(invoices.id, invoice.id));
  });
}

// --- Aging ---------------------------------------------------------------------------------------

/** Open invoices past their due date, by whole days overdue, with their balances. */
export async function overdueInvoices(
  db: Db,
  now = new Date(),
): Promise<UnpaidAging['overdueInvoices']> {
  const today = isoDay(now);
  const age = sql`(${today}::date - i.due_date)`;
  const bucket = sql.join(
    [
      sql`case`,
      ...AGING_BUCKETS.filter((b) => b.maxDays !== null).map(
        (b) => sql`when ${age} <= ${b.maxDays} then ${b.key}`,
      ),
      sql`else ${AGING_BUCKETS[AGING_BUCKETS.length - 1]!.key} end`,
    ],
    sql` `,
  );
  const result = await db.execute(sql`
    select bucket, ${moneyText(sql`sum(balance)`)} as amount, count(*)::int as invoices
    from (
      select ${bucket} as bucket, i.total - ${PAID} as balance
      from invoices i ${PAYMENTS}
      where i.due_date < ${today}::date
    ) aged
    where balance > 0
    group by bucket`);
  const found = new Map(
    rowsOf<{ bucket: string; amount: string; invoices: number }>(result).map((r) => [r.bucket, r]),
  );
  const buckets = AGING_BUCKETS.map((b) => ({
    key: b.key,
    label: b.label,
    amount: found.get(b.key)?.amount ?? '0.00',
    invoices: Number(found.get(b.key)?.invoices ?? 0),
  }));
  return {
    buckets,
    total: {
      amount: sumMoney(buckets.map((b) => b.amount)),
      invoices: buckets.reduce((n, b) => n + b.invoices, 0),
    },
  };
}
