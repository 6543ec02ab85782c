import { eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceAction, InvoiceDetail } from '@domain/invoices';
import { emailOutbox } from '../../db/schema';
import { createTestApp, seedPeople, seedVideo, type Caller, type TestApp } from '../../test/helper';
import { startInbox, type Inbox } from '../../test/smtp';

/**
 * An invoice sent by email (issue 42): queued in the outbox with its PDF, delivered by the worker
 * over real SMTP to a receiving server on loopback, and read back with mailparser.
 */
let inbox: Inbox;
let t: TestApp;
let id: Record<string, string>;
let call: Caller;

beforeAll(async () => {
  inbox = await startInbox();
  t = await createTestApp({
    mail: { smtpUrl: inbox.url, from: 'Agency <mail@agency.test>', publicUrl: 'https://v.test' },
  });
  ({ id, call } = await seedPeople(t, [
    ['king', 'king', 'true', null],
    ['olivia', 'client', 'false', 'Olivia Owner'],
  ]));
  await call('king', 'PUT', '/api/admin/agency', { name: 'Cut & Co', currency: 'USD' });
});
afterAll(async () => {
  await t.close();
  await inbox.close();
});

async function issue() {
  await seedVideo(t, {
    userId: id.olivia!,
    name: 'Spring promo',
    status: 'posted',
    finishDate: new Date(),
    paymentAmount: '250.00',
  });
  const res = await call('king', 'POST', '/api/admin/invoices', { clientId: id.olivia });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as InvoiceDetail;
}

describe('POST /api/admin/invoices/{id}/send', () => {
  it('queues the email with the PDF, and the worker delivers it as an attachment', async () => {
    const invoice = await issue();
    const res = await call('king', 'POST', `/api/admin/invoices/${invoice.id}/send`, {
      to: 'billing@olivia.test',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { message, invoice: sent } = res.json() as InvoiceAction;
    expect(message).toBe(`${invoice.label} is on its way to billing@olivia.test.`);
    expect(sent.emailedAt).not.toBeNull();

    const [queued] = await t.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.toAddress, 'billing@olivia.test'));
    expect(queued).toMatchObject({
      kind: 'invoice',
      attachmentName: `${invoice.label}.pdf`,
      attachmentType: 'application/pdf',
      status: 'pending',
    });

    await t.app.mailer.work();
    await expect.poll(() => inbox.to('billing@olivia.test').length).toBe(1);
    const [mail] = inbox.to('billing@olivia.test');
    expect(mail!.subject).toBe(`Invoice ${invoice.label} from Cut & Co`);
    expect(mail!.text).toContain('$250.00 due by');
    // Not a notification: no unsubscribe header.
    expect(mail!.headers.has('list-unsubscribe')).toBe(false);
    expect(mail!.attachments).toHaveLength(1);
    const [pdf] = mail!.attachments;
    expect(pdf!.filename).toBe(`${invoice.label}.pdf`);
    expect(pdf!.contentType).toBe('application/pdf');
    expect(Buffer.compare(pdf!.content, Buffer.from(queued!.attachment!))).toBe(0);
    const { text } = await extractText(new Uint8Array(pdf!.content), { mergePages: true });
    for (const expected of [invoice.label, 'Cut & Co', 'Olivia Owner', 'Spring promo', '$250.00']) {
      expect(text).toContain(expected);
    }
  });

  it("goes to the buyer's billing email by default, and asks for one when there is none", async () => {
    const invoice = await issue();
    const none = await call('king', 'POST', `/api/admin/invoices/${invoice.id}/send`);
    expect(none.statusCode, none.body).toBe(409);
    expect(none.json().message).toBe(
      'This invoice has no billing email: enter an address to send it to',
    );
    const bad = await call('king', 'POST', `/api/admin/invoices/${invoice.id}/send`, { to: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Please enter a valid email address');

    await call('king', 'PUT', `/api/admin/clients/${id.olivia}/billing`, {
      billingEmail: 'ap@olivia.test',
    });
    const next = await issue();
    const res = await call('king', 'POST', `/api/admin/invoices/${next.id}/send`);
    expect(res.statusCode, res.body).toBe(200);
    await t.app.mailer.work();
    await expect.poll(() => inbox.to('ap@olivia.test').length).toBe(1);
    expect(inbox.to('ap@olivia.test')[0]!.attachments[0]!.filename).toBe(`${next.label}.pdf`);
  });
});
