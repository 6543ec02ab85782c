import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, seedUser, type TestApp } from '../test/helper';

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedUser(t, { username: 'json-body-editor', role: 'editor' });
  cookie = await loginAs(t, 'json-body-editor');
});
afterAll(async () => {
  await t.close();
});

const send = (method: 'POST' | 'DELETE', url: string, payload: string, type = 'application/json') =>
  t.app.inject({ method, url, payload, headers: { cookie, 'content-type': type } });

describe('an empty body sent as JSON (issue 16)', () => {
  it('is no body where the call takes none', async () => {
    const markAll = await send('POST', '/api/notifications/mark-all-read', '');
    expect(markAll.statusCode, markAll.body).toBe(200);
    expect(markAll.json()).toEqual({ message: 'All notifications marked as read', updated: 0 });

    const clear = await send(
      'DELETE',
      '/api/notifications/clear-all',
      '',
      'application/json; charset=utf-8',
    );
    expect(clear.statusCode, clear.body).toBe(200);
    expect(clear.json()).toEqual({
      message: 'Notifications cleared',
      deleted: 0,
      undoId: expect.any(String),
    });

    const logout = await send('POST', '/api/auth/logout', '');
    expect(logout.statusCode, logout.body).toBe(200);
    expect(logout.json()).toEqual({ message: 'Logged out' });
  });

  it('is still refused where the call takes a body, as malformed JSON is everywhere', async () => {
    cookie = await loginAs(t, 'json-body-editor');
    for (const [url, payload] of [
      ['/api/videos', ''],
      ['/api/videos', '{"link": '],
      ['/api/notifications/mark-all-read', '{'],
    ] as const) {
      const res = await send('POST', url, payload);
      expect(res.statusCode, `${url} ${payload}`).toBe(400);
      expect(res.json()).toEqual({ message: 'Request body is not valid JSON' });
    }
  });
});
