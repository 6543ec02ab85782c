import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BILLING_MESSAGES } from '@domain/billing';
import {
  clientEditorAssignments,
  clientTeamLeadAssignments,
  videos,
  videoTypes,
} from '../../db/schema';
import { seedPerson } from '../../test/helper';
import { createScene, type Scene } from '../invoicing/test-fixtures';

/**
 * The billing lock (issue 14, docs/rules.md#rules-the-product-leaves-open): a completed video's type, duration and owner
 * are no longer the client side's to change and the video no longer theirs to delete; a paid one
 * is nobody's until the payment is reversed. Every path that changes or deletes a video.
 */
let s: Scene;
let leadCookie: string;
beforeAll(async () => {
  s = await createScene();
  // The client's team: an assigned editor and a client team lead.
  await s.t.db
    .insert(clientEditorAssignments)
    .values({ clientId: s.id.client, editorId: s.id.editor });
  const teamLead = await seedPerson(s.t, { username: 'tl', role: 'client_team_lead' });
  await s.t.db
    .insert(clientTeamLeadAssignments)
    .values({ clientId: s.id.client, teamLeadId: teamLead.id });
  leadCookie = teamLead.cookie;
  const vlog = await s.typeId('vlog');
  expect(
    (
      await s.call('king', 'PATCH', `/api/admin/video-types/${vlog}/price`, {
        defaultPrice: '100.00',
      })
    ).statusCode,
  ).toBe(200);
});
afterAll(async () => {
  await s.t.close();
});

type Who = Parameters<Scene['call']>[0] | 'teamLead';
const call = (who: Who, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: object) =>
  who === 'teamLead'
    ? s.t.app.inject({ method, url, headers: { cookie: leadCookie }, payload: body })
    : s.call(who, method, url, body);

const outstanding = async () =>
  (await s.call('king', 'GET', '/api/admin/revenue/summary')).json().outstanding as {
    amount: string;
    videos: number;
  };
const stored = async (id: string) =>
  (await s.t.db.select().from(videos).where(eq(videos.id, id)))[0];
const pay: Scene['payAll'] = (...args) => s.payAll(...args);

describe('a completed, unpaid video', () => {
  it('the client cannot change its type to a new custom type: refused, nothing owed changes', async () => {
    const v = await s.addVideo({ type: 'vlog', status: 'posted', duration: 60 });
    const before = await outstanding();
    for (const who of ['client', 'teamLead'] as const) {
      const res = await call(who, 'PATCH', `/api/videos/${v.id}`, { type: 'Cheap Thing' });
      expect(res.statusCode, who).toBe(403);
      expect(res.json().message).toBe(BILLING_MESSAGES.completedChange);
      const duration = await call(who, 'PATCH', `/api/videos/${v.id}`, { duration: 5 });
      expect(duration.statusCode, who).toBe(403);
    }
    expect(await outstanding()).toEqual(before);
    expect(await stored(v.id)).toMatchObject({ type: 'vlog', duration: 60 });
    // The refused custom type was not created either.
    const made = await s.t.db.select().from(videoTypes).where(eq(videoTypes.name, 'cheap-thing'));
    expect(made).toEqual([]);
  });

  it('the client may still rename it, or send the type it already has', async () => {
    const v = await s.addVideo({ type: 'vlog', status: 'ready_to_post' });
    const res = await call('client', 'PATCH', `/api/videos/${v.id}`, { name: 'New', type: 'vlog' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'New', type: 'vlog', paid: false });
  });

  it('the agency side may still change its type and duration', async () => {
    const v = await s.addVideo({ type: 'vlog', status: 'posted' });
    for (const who of ['editor', 'lead', 'king'] as const) {
      const res = await call(who, 'PATCH', `/api/videos/${v.id}`, { duration: 30 });
      expect(res.statusCode, `${who} ${res.body}`).toBe(200);
    }
    const res = await call('editor', 'PATCH', `/api/videos/${v.id}`, { type: 'funny' });
    expect(res.statusCode).toBe(200);
  });

  it('the client side cannot delete it, alone or in bulk; the agency side can', async () => {
    const v = await s.addVideo({ status: 'posted' });
    for (const who of ['client', 'teamLead'] as const) {
      const one = await call(who, 'DELETE', `/api/videos/${v.id}`);
      expect(one.statusCode, who).toBe(403);
      expect(one.json().message).toBe(BILLING_MESSAGES.completedDelete);
      const bulk = await call(who, 'POST', '/api/videos/bulk-delete', { ids: [v.id] });
      expect(bulk.statusCode, who).toBe(403);
      expect(bulk.json()).toEqual({
        message: BILLING_MESSAGES.bulkLocked(1, 0),
        failed: [v.id],
      });
    }
    expect(await stored(v.id)).toBeDefined();
    // A draft of theirs they may still delete.
    const draft = await s.addVideo({ status: 'draft', finishDate: null });
    expect((await call('client', 'DELETE', `/api/videos/${draft.id}`)).statusCode).toBe(200);
    expect((await call('editor', 'DELETE', `/api/videos/${v.id}`)).statusCode).toBe(200);
  });
});

describe('a paid video', () => {
  it('nobody changes its type or duration, nor deletes it, until the payment is reversed', async () => {
    const v = await s.addVideo({ type: 'vlog', status: 'posted' });
    const other = await s.addVideo({ type: 'vlog', status: 'posted' });
    await pay([v.id]);
    for (const who of ['client', 'teamLead', 'editor', 'lead', 'admin', 'king'] as const) {
      const type = await call(who, 'PATCH', `/api/videos/${v.id}`, { type: 'funny' });
      expect(type.statusCode, who).toBe(403);
      expect(type.json().message).toBe(BILLING_MESSAGES.paidChange);
      const one = await call(who, 'DELETE', `/api/videos/${v.id}`);
      expect(one.statusCode, who).toBe(403);
      expect(one.json().message).toBe(BILLING_MESSAGES.paidDelete);
      const bulk = await call(who, 'POST', '/api/videos/bulk-delete', { ids: [v.id, other.id] });
      expect(bulk.statusCode, who).toBe(403);
      // The client side may not delete the other (completed) video either.
      const clientSide = who === 'client' || who === 'teamLead';
      expect(bulk.json()).toEqual({
        message: BILLING_MESSAGES.bulkLocked(clientSide ? 2 : 1, 1),
        failed: clientSide ? [v.id, other.id] : [v.id],
      });
    }
    // The admin bulk delete reports it as failed and deletes the rest.
    const admin = await call('king', 'POST', '/api/admin/videos/bulk-delete', {
      ids: [v.id, other.id],
    });
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toMatchObject({ deleted: 1, failed: [v.id] });
    expect(admin.json().message).toBe(BILLING_MESSAGES.paidKept(1, 1));
    expect(await stored(v.id)).toMatchObject({ type: 'vlog', paymentStatus: 'paid' });
    expect(await stored(other.id)).toBeUndefined();
    // The view says so, to everyone who reads the video (payment amounts stay hidden).
    const seen = (await call('editor', 'GET', `/api/videos/${v.id}`)).json();
    expect(seen.paid).toBe(true);
    expect(seen.paymentStatus).toBeUndefined();

    await pay([v.id], true);
    expect((await call('king', 'PATCH', `/api/videos/${v.id}`, { type: 'funny' })).statusCode).toBe(
      200,
    );
    expect((await call('king', 'DELETE', `/api/videos/${v.id}`)).statusCode).toBe(200);
  });
});
