import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { videos } from '../../db/schema';
import { seedPerson, setUpVideoPeople } from '../../test/helper';
import { DAY_MS } from '@domain/day-counter';
import { VIDEO_MESSAGES } from '@domain/videos';

const t = setUpVideoPeople();
const { id, call } = t;

describe('create', () => {
  it('creates for oneself with the defaults and a normalised link', async () => {
    const res = await call('owner', 'POST', '/api/videos', {
      name: 'Intro',
      link: 'youtu.be/abcdefghijk',
    });
    expect(res.statusCode).toBe(201);
    const v = res.json();
    expect(v).toMatchObject({
      name: 'Intro',
      type: 'consultation',
      status: 'draft',
      description: '',
      link: 'https://www.youtube.com/watch?v=abcdefghijk',
      userId: id.owner,
      assignedEditorId: null,
      ordinal: '1',
      paymentAmount: '0.00',
      paymentStatus: 'unpaid',
    });
    expect(v.internalNotes).toBeUndefined();
    const due = new Date(v.dueDate);
    expect(due.getHours()).toBe(14);
    expect(Math.round((due.getTime() - Date.now()) / DAY_MS)).toBeGreaterThanOrEqual(2);
    expect(v.statusHistory).toEqual([
      expect.objectContaining({
        fromStatus: null,
        toStatus: 'draft',
        changedBy: expect.objectContaining({ id: id.owner }),
      }),
    ]);
  });

  it.each([
    [{ name: 'x' }, 'Video link is required'],
    [{ name: 'x', link: 'not a link' }, 'Please enter a valid video link'],
    [{ name: 'x', link: 'https://a.io', type: 'other' }, 'Please enter a custom video type'],
  ])('requires a valid link with the spec messages: %j, %s', async (payload, message) => {
    const res = await call('owner', 'POST', '/api/videos', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('lets an editor create for an assigned client but not for another', async () => {
    const ok = await call('teameditor', 'POST', '/api/videos', {
      name: 'For owner',
      link: 'https://f.io/x',
      targetUserId: id.owner,
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().link).toBe('https://f.io/x');
    const no = await call('teameditor', 'POST', '/api/videos', {
      name: 'x',
      link: 'https://f.io/x',
      targetUserId: id.other,
    });
    expect(no.statusCode).toBe(403);
    const client = await call('other', 'POST', '/api/videos', {
      name: 'x',
      link: 'https://f.io/x',
      targetUserId: id.owner,
    });
    expect(client.statusCode).toBe(403);
  });

  it('gives 50 concurrent creates for one client 50 distinct consecutive ordinals', async () => {
    const before = (await t.db.select().from(videos).where(eq(videos.userId, id.other!))).length;
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        call('other', 'POST', '/api/videos', { name: `v${i}`, link: 'https://vimeo.com/1234' }),
      ),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const ordinals = results.map((r) => Number(r.json().ordinal)).sort((a, b) => a - b);
    expect(ordinals).toEqual(Array.from({ length: 50 }, (_, i) => before + i + 1));
  });
});

describe('read and visibility', () => {
  it('hides a video from an unrelated editor and another client as 404', async () => {
    const v = (
      await call('owner', 'POST', '/api/videos', { name: 'Secret', link: 'https://a.io/v' })
    ).json();
    expect((await call('stranger', 'GET', `/api/videos/${v.id}`)).statusCode).toBe(404);
    expect((await call('other', 'GET', `/api/videos/${v.id}`)).statusCode).toBe(404);
    const team = await call('teameditor', 'GET', `/api/videos/${v.id}`);
    expect(team.statusCode).toBe(200);
    expect(team.json().internalNotes).toBe('');
    expect(team.json().paymentAmount).toBeUndefined();
    const king = await call('boss', 'GET', `/api/videos/${v.id}`);
    expect(king.json().paymentAmount).toBe('0.00');
    const list = (await call('stranger', 'GET', '/api/videos')).json();
    expect(list.some((x: { id: string }) => x.id === v.id)).toBe(false);
  });
});

describe('change', () => {
  it('updates only given fields, records status history and the finishDate rule', async () => {
    const v = (
      await call('owner', 'POST', '/api/videos', { name: 'Flow', link: 'https://a.io/v' })
    ).json();
    const empty = await call('owner', 'PATCH', `/api/videos/${v.id}`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('At least one field must be updated');
    const blank = await call('owner', 'PATCH', `/api/videos/${v.id}`, { name: '  ' });
    expect(blank.json().message).toBe('Video name is required');
    // A manager's free move (the transition table: server/modules/videos/workflow.test.ts).
    const ready = await call('lead1', 'PATCH', `/api/videos/${v.id}/status`, {
      status: 'ready to post',
    });
    expect(ready.json().status).toBe('ready_to_post');
    expect(ready.json().finishDate).not.toBeNull();
    const back = await call('lead1', 'PATCH', `/api/videos/${v.id}/status`, {
      status: 'in progress',
    });
    expect(back.json().finishDate).toBeNull();
    expect(back.json().statusHistory.map((h: { toStatus: string }) => h.toStatus)).toEqual([
      'draft',
      'ready_to_post',
      'in_progress',
    ]);
    // The card's "whose turn, since when": the time of the last history row (issue 18).
    expect(back.json().statusSince).toBe(back.json().statusHistory.at(-1).changedAt);
    expect(back.json().statusSince > ready.json().statusSince).toBe(true);
    const renamed = await call('lead1', 'PATCH', `/api/videos/${v.id}`, { name: 'Flow 2' });
    expect(renamed.json().statusSince).toBe(back.json().statusSince);
    const notes = await call('owner', 'PATCH', `/api/videos/${v.id}`, { internalNotes: 'x' });
    expect(notes.statusCode).toBe(403);
  });

  it('applies the assigned-editor rules', async () => {
    const v = (
      await call('owner', 'POST', '/api/videos', { name: 'Assign', link: 'https://a.io/v' })
    ).json();
    const url = `/api/videos/${v.id}/assigned-editor`;
    expect(
      (await call('teameditor', 'PATCH', url, { assignedEditorId: id.teameditor })).statusCode,
    ).toBe(200);
    expect(
      (await call('teameditor', 'PATCH', url, { assignedEditorId: id.stranger })).statusCode,
    ).toBe(403);
    expect((await call('owner', 'PATCH', url, { assignedEditorId: id.stranger })).statusCode).toBe(
      403,
    );
    expect((await call('owner', 'PATCH', url, { assignedEditorId: null })).statusCode).toBe(200);
    expect((await call('lead1', 'PATCH', url, { assignedEditorId: id.stranger })).statusCode).toBe(
      200,
    );
    // Now assigned, the stranger can read it.
    expect((await call('stranger', 'GET', `/api/videos/${v.id}`)).statusCode).toBe(200);
    expect((await call('lead1', 'PATCH', url, { assignedEditorId: id.owner })).json().message).toBe(
      'Please choose a valid editor',
    );
  });

  it('bulk delete with one forbidden id deletes nothing and names it', async () => {
    const mine = (
      await call('owner', 'POST', '/api/videos', { name: 'A', link: 'https://a.io/v' })
    ).json();
    const theirs = (
      await call('other', 'POST', '/api/videos', { name: 'B', link: 'https://a.io/v' })
    ).json();
    const res = await call('owner', 'POST', '/api/videos/bulk-delete', {
      ids: [mine.id, theirs.id],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().failed).toEqual([theirs.id]);
    expect((await call('owner', 'GET', `/api/videos/${mine.id}`)).statusCode).toBe(200);
    const ok = await call('owner', 'POST', '/api/videos/bulk-delete', { ids: [mine.id] });
    expect(ok.json()).toEqual({ deleted: 1, message: '1 video(s) deleted successfully' });
  });
});

describe('update messages', () => {
  it('asserts every message of Video update', async () => {
    const v = (
      await call('owner', 'POST', '/api/videos', { name: 'Msgs', link: 'https://a.io/v' })
    ).json();
    const url = `/api/videos/${v.id}`;
    const badLink = await call('owner', 'PATCH', url, { link: 'nope' });
    expect(badLink.statusCode).toBe(400);
    expect(badLink.json().message).toBe('Please enter a valid URL');
    const badStatus = await call('owner', 'PATCH', url, { status: 'draft' });
    expect(badStatus.json().message).toBe(
      'Status must be one of in_progress, review, ready_to_post, posted',
    );
    const badDate = await call('owner', 'PATCH', url, { dueDate: 'soon' });
    expect(badDate.json().message).toBe('Please enter a valid date');
    const unknownStatus = await call('owner', 'PATCH', `${url}/status`, { status: 'finished' });
    expect(unknownStatus.statusCode).toBe(400);
    const ok = await call('owner', 'PATCH', url, {
      name: 'Renamed',
      link: 'youtube.com/shorts/abcdefghijk',
    });
    expect(ok.json()).toMatchObject({
      name: 'Renamed',
      link: 'https://www.youtube.com/watch?v=abcdefghijk',
    });
  });

  it('refuses a name of more than one line, on create and update, with 400 and a message (issue 37, obs 13)', async () => {
    const v = (
      await call('owner', 'POST', '/api/videos', { name: 'One line', link: 'https://a.io/v' })
    ).json();
    for (const name of [
      'Promo\nBcc: everyone@agency.test',
      'Promo\r\nSubject: Pay now',
      'Promo\rX',
      'Promo\u2028Subject: Pay now',
      'Promo\u0007',
      'Pro\u202Emo',
    ]) {
      for (const who of ['owner', 'lead1'] as const) {
        const created = await call(who, 'POST', '/api/videos', {
          name,
          link: 'https://a.io/v',
          ...(who === 'lead1' && { targetUserId: id.owner }),
        });
        expect(created.statusCode, `${who} ${JSON.stringify(name)}`).toBe(400);
        expect(created.json().message).toBe(VIDEO_MESSAGES.nameOneLine);
        const updated = await call(who, 'PATCH', `/api/videos/${v.id}`, { name });
        expect(updated.statusCode, `${who} ${JSON.stringify(name)}`).toBe(400);
        expect(updated.json().message).toBe(VIDEO_MESSAGES.nameOneLine);
      }
    }
    const [row] = await t.db.select().from(videos).where(eq(videos.id, v.id));
    expect(row!.name).toBe('One line');
    // Trailing white space, line breaks included, is trimmed away as before.
    const trimmed = await call('owner', 'PATCH', `/api/videos/${v.id}`, { name: ' Fine \n' });
    expect(trimmed.json().name).toBe('Fine');
  });

  it('refuses dates outside 1970-2100 with 400 and a message, on create and update (issue 15, finding 3)', async () => {
    const v = (
      await call('owner', 'POST', '/api/videos', { name: 'Dated', link: 'https://a.io/v' })
    ).json();
    // These were 500s (PostgreSQL "out of range"), in production mode too.
    for (const dueDate of [
      '0000-01-01T00:00:00Z',
      '+275760-09-13T00:00:00Z',
      '-000001-01-01T00:00:00Z',
      '1969-12-31T23:59:59Z',
      '2101-01-01T00:00:00Z',
      '9999-12-31',
    ]) {
      for (const field of ['dueDate', 'startDate']) {
        const created = await call('owner', 'POST', '/api/videos', {
          name: 'Far',
          link: 'https://a.io/v',
          [field]: dueDate,
        });
        expect(created.statusCode, `${field} ${dueDate}`).toBe(400);
        expect(created.json().message).toBe('Dates must be between 1970 and 2100');
        const updated = await call('owner', 'PATCH', `/api/videos/${v.id}`, { [field]: dueDate });
        expect(updated.statusCode, `${field} ${dueDate}`).toBe(400);
        expect(updated.json().message).toBe('Dates must be between 1970 and 2100');
      }
    }
    for (const dueDate of ['1970-01-01T00:00:00Z', '2100-12-31T23:59:59Z']) {
      const ok = await call('owner', 'PATCH', `/api/videos/${v.id}`, { dueDate });
      expect(ok.statusCode, dueDate).toBe(200);
      expect(ok.json().dueDate).toBe(new Date(dueDate).toISOString());
    }
  });

  it('adds a custom type to video_types so it can be priced', async () => {
    const res = await call('owner', 'POST', '/api/videos', {
      name: 'C',
      link: 'https://a.io/v',
      type: 'other',
      customType: 'Product Demo',
    });
    expect(res.json().type).toBe('product-demo');
    const types = (await call('boss', 'GET', '/api/video-types')).json() as {
      name: string;
      defaultPrice?: string;
    }[];
    expect(types.find((x) => x.name === 'product-demo')).toMatchObject({ defaultPrice: '0.00' });
  });
});

describe('list filters and paging', () => {
  it('filters by status, client, type, q and overdue', async () => {
    const client = await seedPerson(t, { username: 'filtered' });
    const c = client.cookie;
    // Made by the king: a client's own new videos start as draft.
    const make = (payload: object) =>
      call('boss', 'POST', '/api/videos', {
        link: 'https://a.io/v',
        targetUserId: client.id,
        ...payload,
      });
    await make({ name: 'Alpha review', status: 'review', type: 'vlog' });
    await make({ name: 'Beta draft', dueDate: '2020-01-01T14:00:00Z' });
    await make({ name: '100% real_name', status: 'posted' });
    const names = async (query: string) =>
      (
        (await t.app.inject({ url: `/api/videos?${query}`, headers: { cookie: c } })).json() as {
          name: string;
        }[]
      )
        .map((v) => v.name)
        .sort();
    expect(await names('status=review')).toEqual(['Alpha review']);
    expect(await names('type=vlog')).toEqual(['Alpha review']);
    expect(await names('q=BETA')).toEqual(['Beta draft']);
    expect(await names('q=%25')).toEqual(['100% real_name']);
    expect(await names('overdue=true')).toEqual(['Beta draft']);
    expect(await names(`clientId=${client.id}&refresh=true`)).toHaveLength(3);
    const bad = await t.app.inject({ url: '/api/videos?status=nonsense', headers: { cookie: c } });
    expect(bad.statusCode).toBe(400);
  });

  it('pages with limit and cursor without gaps or repeats', async () => {
    const all = (await call('boss', 'GET', '/api/admin/videos')).json() as { id: string }[];
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 100; page++) {
      const res = await call(
        'boss',
        'GET',
        `/api/admin/videos?limit=7${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...(res.json() as { id: string }[]).map((v) => v.id));
      cursor = res.headers['x-next-cursor'] as string | undefined;
      if (!cursor) break;
    }
    expect(seen).toEqual(all.map((v) => v.id));
    expect((await call('boss', 'GET', '/api/admin/videos?cursor=garbage')).statusCode).toBe(400);
  });
});
