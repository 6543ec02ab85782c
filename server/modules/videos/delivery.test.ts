/**
 * Delivery held until paid (issue 44 part 3, docs/rules.md#delivery): under "deliver when paid"
 * the delivery link is in no answer to the client side (every route that returns a video, their
 * conditional and delta reads, the socket's messages) until the video is paid; then it is, and
 * the owner and its team lead are told (notice, socket, email); a reverse hides it again. The
 * agency always reads it; a review link's guest never does.
 */
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DELIVERY_MESSAGES } from '@domain/delivery';
import { LIST_DELTA } from '@domain/list-delta';
import { clientTeamLeadAssignments, emailEvents, emailSettings, videos } from '../../db/schema';
import { seedVideo, setUpSuite } from '../../test/helper';
import { openAt, type TestSocket } from '../../test/socket';

const LINK = 'https://drive.example.com/final-master-7f3a';
const t = setUpSuite([
  ['owner', 'client'],
  ['lead', 'client_team_lead'],
  ['editor', 'editor'],
  ['king', 'king', 'true'],
]);
const { id, call } = t;
let videoId: string;
let token: string;
let invoiceId: string;
let host: string;

/** Every read of the client side that returns or names a video, as `who` makes it. */
const clientReads = (who: 'owner' | 'lead') => [
  '/api/videos',
  '/api/videos?limit=5',
  '/api/videos?status=posted',
  '/api/videos?q=Final',
  '/api/videos/assigned-to-me',
  `/api/videos/${videoId}`,
  `/api/videos/${videoId}/comments`,
  `/api/videos/${videoId}/rounds`,
  `/api/videos/${videoId}/versions`,
  '/api/videos/count',
  '/api/notifications',
  ...(who === 'owner' ? ['/api/me/invoices'] : ['/api/team-leads/my-clients']),
];

/** The ETag each reader last got per URL: the next read names it (304 / 226 otherwise). */
const tags = new Map<string, string>();

/** Reads every route as `who`, plainly and as the web app does (If-None-Match, A-IM): bodies. */
async function readAll(who: 'owner' | 'lead') {
  const bodies: string[] = [];
  for (const url of clientReads(who)) {
    const plain = await call(who, 'GET', url);
    expect(plain.statusCode, `${who} ${url}`).toBe(200);
    bodies.push(plain.body);
    const key = `${who} ${url}`;
    const held = tags.get(key);
    if (held) {
      const conditional = await t.app.inject({
        method: 'GET',
        url,
        headers: { cookie: t.cookie[who], 'if-none-match': held, 'a-im': LIST_DELTA },
      });
      // A 304 says the reader's answer stands: it must then be the same as the plain read's.
      if (conditional.statusCode === 304) expect(plain.headers.etag).toBe(held);
      else bodies.push(conditional.body);
    }
    if (typeof plain.headers.etag === 'string') tags.set(key, plain.headers.etag);
  }
  return bodies;
}

const guestRead = async () => {
  const res = await call('anonymous', 'GET', `/api/review/${token}`);
  expect(res.statusCode).toBe(200);
  return res.body;
};

const detail = async (who: 'owner' | 'lead' | 'editor' | 'king') =>
  (await call(who, 'GET', `/api/videos/${videoId}`)).json() as { delivery?: unknown };

beforeAll(async () => {
  await t.db.insert(clientTeamLeadAssignments).values({ clientId: id.owner, teamLeadId: id.lead });
  await t.db.insert(emailSettings).values([
    { userId: id.owner, address: 'owner@example.com' },
    { userId: id.lead, address: 'lead@example.com' },
  ]);
  const video = await seedVideo(t, {
    userId: id.owner,
    assignedEditorId: id.editor,
    name: 'Final cut',
    status: 'review',
    paymentAmount: '40.00',
  });
  videoId = video.id;
  const made = await call('king', 'POST', '/api/review-links', {
    videoIds: [videoId],
    expiresInDays: 1,
  });
  expect(made.statusCode, made.body).toBe(201);
  token = (made.json() as { token: string }).token;
  await t.db
    .update(videos)
    .set({ status: 'posted', finishDate: new Date() })
    .where(eq(videos.id, videoId));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  host = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

describe('the delivery link', () => {
  it('is set by the agency who may change the video, never by the client side', async () => {
    for (const who of ['owner', 'lead'] as const) {
      const refused = await call(who, 'PUT', `/api/videos/${videoId}/delivery`, { link: LINK });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: DELIVERY_MESSAGES.agencyOnly });
    }
    const bad = await call('editor', 'PUT', `/api/videos/${videoId}/delivery`, {
      link: 'javascript:alert(1)',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: DELIVERY_MESSAGES.linkInvalid });
    const set = await call('editor', 'PUT', `/api/videos/${videoId}/delivery`, { link: LINK });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ delivery: { link: LINK } });
  });

  it('under "deliver on approval" (the default) the client side reads it once completed', async () => {
    for (const who of ['owner', 'lead'] as const) {
      expect((await readAll(who)).some((b) => b.includes(LINK))).toBe(true);
      expect(await detail(who)).toMatchObject({ delivery: { link: LINK } });
    }
    expect(await guestRead()).not.toContain(LINK);
  });

  it('under "deliver when paid" no answer to the client side carries it before payment', async () => {
    const set = await call('king', 'PUT', `/api/admin/clients/${id.owner}/billing`, {
      deliveryMode: 'when_paid',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ deliveryMode: 'when_paid' });
    for (const who of ['owner', 'lead'] as const) {
      for (const body of await readAll(who)) expect(body).not.toContain(LINK);
      expect((await detail(who)).delivery).toEqual({ locked: DELIVERY_MESSAGES.lockedUntilPaid });
    }
    expect(await guestRead()).not.toContain(LINK);
    // The agency still reads it.
    for (const who of ['editor', 'king'] as const) {
      expect(await detail(who)).toMatchObject({ delivery: { link: LINK } });
    }
  });

  it('names the invoice that holds the video once it is invoiced', async () => {
    const issued = await call('king', 'POST', '/api/admin/invoices', { clientId: id.owner });
    expect(issued.statusCode, issued.body).toBe(201);
    invoiceId = (issued.json() as { id: string }).id;
    const invoice = (await call('king', 'GET', `/api/admin/invoices/${invoiceId}`)).json() as {
      label: string;
    };
    for (const who of ['owner', 'lead'] as const) {
      for (const body of await readAll(who)) expect(body).not.toContain(LINK);
      expect((await detail(who)).delivery).toEqual({
        locked: DELIVERY_MESSAGES.lockedUntilInvoicePaid(invoice.label),
      });
    }
    expect(invoice.label).toMatch(/^INV-\d{4}$/);
    expect(`Delivery unlocks when invoice ${invoice.label} is paid`).toBe(
      DELIVERY_MESSAGES.lockedUntilInvoicePaid(invoice.label),
    );
  });

  it('unlocks when paid: the owner and its lead are told live and by email, then read it', async () => {
    const sockets: TestSocket[] = [];
    for (const who of ['owner', 'lead'] as const) {
      const socket = await openAt(host, { cookie: t.cookie[who] });
      await socket.messages(1); // the count on connect
      sockets.push(socket);
    }
    const paid = await call('king', 'POST', `/api/admin/invoices/${invoiceId}/pay`);
    expect(paid.statusCode, paid.body).toBe(200);
    for (const socket of sockets) {
      // After the count on connect: the notice, then the new count.
      const [, notice] = await socket.messages(3);
      expect(notice).toMatchObject({
        type: 'notification',
        data: { type: 'delivery_ready', videoId, title: 'Delivery available' },
      });
      for (const m of socket.received) expect(JSON.stringify(m)).not.toContain(LINK);
      socket.ws.close();
    }
    const emails = await t.db
      .select({ recipientId: emailEvents.recipientId })
      .from(emailEvents)
      .where(and(eq(emailEvents.kind, 'delivery_ready'), eq(emailEvents.videoId, videoId)));
    expect(emails.map((e) => e.recipientId).sort()).toEqual([id.owner, id.lead].sort());
    for (const who of ['owner', 'lead'] as const) {
      const bodies = await readAll(who);
      expect(bodies.some((b) => b.includes(LINK))).toBe(true);
      expect(await detail(who)).toMatchObject({ delivery: { link: LINK } });
    }
    expect(await guestRead()).not.toContain(LINK);
  });

  it('a reverse hides it again, and the agency clears it', async () => {
    const reversed = await call('king', 'PATCH', '/api/admin/payment/reverse', {
      videoIds: [videoId],
    });
    expect(reversed.statusCode, reversed.body).toBe(200);
    for (const who of ['owner', 'lead'] as const) {
      for (const body of await readAll(who)) expect(body).not.toContain(LINK);
    }
    const cleared = await call('king', 'PUT', `/api/videos/${videoId}/delivery`, { link: null });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).not.toHaveProperty('delivery');
  });
});
