import { z } from 'zod';
import { FRAME_RATES, frameRateSchema } from './timecode';
import { textAnswer } from './api';
import { DELIVERY_MODES, deliveryModeField } from './delivery';
import {
  checkRoundFee,
  includedRoundsInput,
  ROUND_FEE_KINDS,
  ROUND_MESSAGES,
  roundFeeInput,
  roundFeeKindInput,
} from './invoicing';
import { decimalText, fromCents, moneyAmount, toCents } from './money';

/**
 * Issued invoices, the agency's invoice details and a client's billing details (issue 42;
 * docs/rules.md#money, docs/product.md#the-api). The server issues and renders; the web reads
 * these shapes and messages.
 */

export const INVOICES_MESSAGES = {
  invoiceNotFound: 'Invoice not found',
  clientsOnly: 'Only a client can read its invoices here',
  clientNotFound: 'Client not found',
  nothingToInvoice: 'There is nothing to invoice for this client yet.',
  noAddress: 'This invoice has no billing email: enter an address to send it to',
  email: 'Please enter a valid email address',
  name: 'Agency name must be at most 200 characters',
  address: 'Address must be at most 1000 characters',
  taxId: 'Tax ID must be at most 100 characters',
  instructions: 'Payment instructions must be at most 2000 characters',
  companyName: 'Company name must be at most 200 characters',
  terms: 'Payment terms must be a whole number of days from 0 to 365',
  currency: 'Currency must be an ISO 4217 code of three letters, e.g. USD or EUR',
  taxRate: 'Tax rate must be a percentage from 0 to 100 with at most two decimals',
  logo: 'The logo must be a PNG or JPEG image',
  logoSize: 'The logo must be at most 200 KB',
  status: "Status must be 'open', 'overdue' or 'paid'",
  /** After a send: where it was queued. */
  queued: (label: string, to: string) => `${label} is on its way to ${to}.`,
  /** After a pay: how many lines were marked paid. */
  paid: (label: string, lines: number) =>
    lines === 0
      ? `${label} was already paid.`
      : `${label} is paid (${lines} line${lines === 1 ? '' : 's'} marked paid).`,
} as const;

/** An invoice's number as people read it: INV-0001 (more digits once past 9999). */
export const invoiceLabel = (n: number): string => `INV-${String(n).padStart(4, '0')}`;

/** The file name of an invoice's PDF. */
export const invoiceFileName = (n: number): string => `${invoiceLabel(n)}.pdf`;

/**
 * The tax of an invoice: once, on the subtotal, rounded half-up to cents; '0.00' without a rate.
 * Exact: integer cents times the rate in hundredths of a percent.
 */
export function invoiceTax(subtotal: string, taxRate: string | null): string {
  if (taxRate === null) return '0.00';
  const product = toCents(subtotal) * toCents(taxRate); // cents × (percent × 100)
  const sign = product < 0n ? -1n : 1n;
  const abs = product * sign;
  return fromCents(sign * ((abs + 5000n) / 10000n));
}

// --- Agency details ----------------------------------------------------------------------------

/** A logo's largest size, in bytes of the image. */
export const LOGO_MAX_BYTES = 200 * 1024;

const LOGO_URL = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/;

/** The image bytes of a base64 text (browsers and Node both have atob). */
function base64Bytes(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Why a logo data URL is refused, or null when it is a PNG or JPEG of at most 200 KB. */
export function logoProblem(url: string): string | null {
  const match = LOGO_URL.exec(url);
  if (!match) return INVOICES_MESSAGES.logo;
  // The decoded size, from the text's length, before decoding anything large.
  const encoded = match[2]!;
  const size = (encoded.length * 3) / 4 - (encoded.match(/=+$/)?.[0].length ?? 0);
  if (size > LOGO_MAX_BYTES) return INVOICES_MESSAGES.logoSize;
  let head: Uint8Array;
  try {
    head = base64Bytes(encoded.slice(0, 12));
  } catch {
    return INVOICES_MESSAGES.logo;
  }
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  const isPng = match[1] === 'png' && png.every((b, i) => head[i] === b);
  const isJpeg = match[1] === 'jpeg' && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
  return isPng || isJpeg ? null : INVOICES_MESSAGES.logo;
}

const text = (max: number, message: string) =>
  z.string({ error: message }).trim().max(max, message);
const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

/** A percentage from 0 to 100 with at most two decimals, as a two-decimal string ('8.25'). */
const percentInput = (message: string) =>
  decimalText(
    z.unknown().transform((value, ctx) => {
      const raw = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
      if (typeof raw === 'string' && PERCENT.test(raw.trim())) {
        const cents = toCents(raw.trim());
        if (cents <= 10000n) return fromCents(cents);
      }
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }),
    PERCENT,
    'A percentage from 0 to 100: a decimal string, at most two decimals',
  );

const isCurrency = (code: string) => {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  const known = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  return known ? known('currency').includes(code) : true;
};

/** The agency's invoice details and its revision-round and frame-rate defaults. */
export const agencySchema = z.object({
  name: z.string(),
  address: z.string(),
  taxId: z.string(),
  /** A data: URL (PNG or JPEG), or null. */
  logo: z.string().nullable(),
  paymentTermsDays: z.number(),
  paymentInstructions: z.string(),
  /** ISO 4217, e.g. 'USD'. */
  currency: z.string(),
  /** Percent as a two-decimal string ('8.25'), or null: no tax line. */
  taxRate: z.string().nullable(),
  includedRounds: z.number(),
  roundFeeKind: z.enum(ROUND_FEE_KINDS),
  /** Money ('50.00') when flat, a percentage of the video's price ('10.00') when percent. */
  roundFee: moneyAmount,
  frameRate: z.enum(FRAME_RATES),
});
export type Agency = z.infer<typeof agencySchema>;

/** PUT /api/admin/agency: any of the fields; those left out stay as they are. */
export const agencyBody = z
  .object({
    name: text(200, INVOICES_MESSAGES.name),
    address: text(1000, INVOICES_MESSAGES.address),
    taxId: text(100, INVOICES_MESSAGES.taxId),
    logo: z
      .string({ error: INVOICES_MESSAGES.logo })
      .nullable()
      .superRefine((value, ctx) => {
        const problem = value === null ? null : logoProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    paymentTermsDays: wholeNumber(0, 365, INVOICES_MESSAGES.terms),
    paymentInstructions: text(2000, INVOICES_MESSAGES.instructions),
    currency: z
      .string({ error: INVOICES_MESSAGES.currency })
      .trim()
      .toUpperCase()
      .refine(isCurrency, INVOICES_MESSAGES.currency),
    taxRate: percentInput(INVOICES_MESSAGES.taxRate).nullable(),
    includedRounds: includedRoundsInput,
    roundFeeKind: roundFeeKindInput,
    roundFee: roundFeeInput,
    frameRate: frameRateSchema,
  })
  .partial()
  .superRefine((b, ctx) => {
    if (b.roundFeeKind === 'percent' && b.roundFee !== undefined && toCents(b.roundFee) > 10000n) {
      ctx.addIssue({
        code: 'custom',
        path: ['roundFee'],
        message: ROUND_MESSAGES.percent,
      });
    }
  });
export type AgencyBody = z.input<typeof agencyBody>;
export type AgencyUpdate = z.output<typeof agencyBody>;

// --- A client's billing details ----------------------------------------------------------------

export const clientBillingSchema = z.object({
  companyName: z.string(),
  billingAddress: z.string(),
  taxId: z.string(),
  /** Where invoices go; '' for the client's own email address. */
  billingEmail: z.string(),
  /** The client's own revision-round pricing; null: its plan's, else the agency's. */
  includedRounds: z.number().nullable(),
  roundFeeKind: z.enum(ROUND_FEE_KINDS).nullable(),
  roundFee: moneyAmount.nullable(),
  /** When the client side sees a video's delivery link (domain/delivery.ts). */
  deliveryMode: z.enum(DELIVERY_MODES),
});
export type ClientBilling = z.infer<typeof clientBillingSchema>;

/** PUT /api/admin/clients/{id}/billing: any of the fields; roundFeeKind and roundFee together. */
export const clientBillingBody = z
  .object({
    companyName: text(200, INVOICES_MESSAGES.companyName),
    billingAddress: text(1000, INVOICES_MESSAGES.address),
    taxId: text(100, INVOICES_MESSAGES.taxId),
    billingEmail: z
      .string({ error: INVOICES_MESSAGES.email })
      .trim()
      .max(254, INVOICES_MESSAGES.email)
      .refine((v) => v === '' || z.email().safeParse(v).success, INVOICES_MESSAGES.email),
    includedRounds: includedRoundsInput.nullable(),
    roundFeeKind: roundFeeKindInput.nullable(),
    roundFee: roundFeeInput.nullable(),
    deliveryMode: deliveryModeField,
  })
  .partial()
  .superRefine(checkRoundFee);
export type ClientBillingBody = z.input<typeof clientBillingBody>;
export type ClientBillingUpdate = z.output<typeof clientBillingBody>;

export const billingClientParams = z.object({
  id: z.uuid({ error: INVOICES_MESSAGES.clientNotFound }),
});

// --- Invoices ------------------------------------------------------------------------------------

export const INVOICE_STATUSES = ['open', 'overdue', 'paid'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
export const INVOICE_LINE_KINDS = ['video', 'overage', 'extra_round', 'retainer_fee'] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];

export const invoiceIdParams = z.object({
  id: z.uuid({ error: INVOICES_MESSAGES.invoiceNotFound }),
});

/** POST /api/admin/invoices. */
export const issueInvoiceBody = z.object({
  clientId: z.uuid({ error: INVOICES_MESSAGES.clientNotFound }),
});
export type IssueInvoiceBody = z.input<typeof issueInvoiceBody>;

/** GET /api/admin/invoices?clientId=&status=. */
export const invoiceListQuery = z.object({
  clientId: z.uuid({ error: INVOICES_MESSAGES.clientNotFound }).optional(),
  status: z.enum(INVOICE_STATUSES, { error: INVOICES_MESSAGES.status }).optional(),
});
export type InvoiceListQuery = z.input<typeof invoiceListQuery>;

/** POST /api/admin/invoices/{id}/send: to the buyer's email unless `to` is given. */
export const sendInvoiceBody = z.object({
  to: z.email({ error: INVOICES_MESSAGES.email }).max(254, INVOICES_MESSAGES.email).optional(),
});
export type SendInvoiceBody = z.input<typeof sendInvoiceBody>;

const partySchema = z.object({
  name: z.string(),
  address: z.string(),
  taxId: z.string(),
});

export const invoiceLineSchema = z.object({
  id: z.string(),
  position: z.number(),
  kind: z.enum(INVOICE_LINE_KINDS),
  description: z.string(),
  amount: moneyAmount,
  videoId: z.string().nullable(),
  chargeId: z.string().nullable(),
  /** Its video is paid, or its charge. */
  paid: z.boolean(),
});
export type InvoiceLine = z.infer<typeof invoiceLineSchema>;

/** An invoice in a list: its number, client, dates, totals and state. */
export const invoiceSummarySchema = z.object({
  id: z.string(),
  number: z.number(),
  /** INV-0001 */
  label: z.string(),
  clientId: z.string().nullable(),
  /** The buyer's name as issued. */
  clientName: z.string(),
  /** 'YYYY-MM-DD' (UTC). */
  issueDate: z.string(),
  dueDate: z.string(),
  currency: z.string(),
  subtotal: moneyAmount,
  taxRate: z.string().nullable(),
  tax: moneyAmount,
  total: moneyAmount,
  paid: moneyAmount,
  balance: moneyAmount,
  status: z.enum(INVOICE_STATUSES),
  emailedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;
export const invoiceSummaryListSchema = z.array(invoiceSummarySchema);

/** One invoice in full: the seller and buyer as issued, and its lines. */
export const invoiceDetailSchema = invoiceSummarySchema.extend({
  seller: partySchema.extend({ logo: z.string().nullable(), paymentInstructions: z.string() }),
  buyer: partySchema.extend({ email: z.string() }),
  lines: z.array(invoiceLineSchema),
});
export type InvoiceDetail = z.infer<typeof invoiceDetailSchema>;

/**
 * GET /api/admin/clients/{id}/invoice-preview: what an invoice for the client would hold if
 * issued now (no number nor dates yet); 409 when there is nothing to invoice.
 */
export const invoicePreviewSchema = z.object({
  clientId: z.string(),
  currency: z.string(),
  buyer: partySchema.extend({ email: z.string() }),
  lines: z.array(
    invoiceLineSchema.pick({ position: true, kind: true, description: true, amount: true }),
  ),
  subtotal: moneyAmount,
  taxRate: z.string().nullable(),
  tax: moneyAmount,
  total: moneyAmount,
});
export type InvoicePreview = z.infer<typeof invoicePreviewSchema>;

/** POST /api/admin/invoices/{id}/pay and /send answer with a message and the invoice. */
export const invoiceActionSchema = z.object({
  message: z.string(),
  invoice: invoiceDetailSchema,
});
export type InvoiceAction = z.infer<typeof invoiceActionSchema>;

/** GET …/invoices/{id}/pdf. */
export const invoicePdfAnswer = textAnswer('The invoice as a PDF document', ['application/pdf']);

/** Money in the agency's currency, as invoices and PDFs show it ('$1,234.50', '1.234,50 €'). */
export function formatInvoiceMoney(amount: string, currency: string, locale = 'en-US'): string {
  const cents = toCents(amount);
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const decimal = `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
  // Intl.NumberFormat formats a decimal string exactly (ES2023); older type libraries know
  // only numbers, hence the cast.
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
    decimal as unknown as number,
  );
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The email an invoice is sent with (its PDF attached). */
export function invoiceEmail(invoice: InvoiceDetail): {
  subject: string;
  text: string;
  html: string;
} {
  const from = invoice.seller.name || 'Your video agency';
  const total = formatInvoiceMoney(invoice.balance, invoice.currency);
  const subject = `Invoice ${invoice.label} from ${from}`;
  const lines = [
    `Hello ${invoice.buyer.name},`,
    `Please find attached invoice ${invoice.label}, issued on ${invoice.issueDate}, with ${total} due by ${invoice.dueDate}.`,
    ...(invoice.seller.paymentInstructions
      ? [`How to pay: ${invoice.seller.paymentInstructions}`]
      : []),
    `Thank you,\n${from}`,
  ];
  const html = `<div style="font-family:system-ui,sans-serif;font-size:15px;line-height:1.5;color:#212529">${lines
    .map((l) => `<p>${escapeHtml(l).replace(/\n/g, '<br>')}</p>`)
    .join('')}</div>`;
  return { subject, text: lines.join('\n\n'), html };
}
