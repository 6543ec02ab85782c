import { describe, expect, it } from 'vitest';
import { loginAs, setUpSuite } from '../../test/helper';

const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

const t = setUpSuite([
  ['clara', 'client', 'false', 'CLARA'],
  ['carl', 'client', 'false', 'CARL'],
  ['eve', 'editor', 'false', 'EVE'],
  ['leo', 'lead_editor', 'false', 'LEO'],
]);
const { id: ids, call } = t;

const get = (url: string, who: string) => call(who, 'GET', url);
/** PATCH /api/users/{id}: `who` edits their own profile. */
const patchOwn = (who: keyof typeof ids, payload: object) =>
  call(who, 'PATCH', `/api/users/${ids[who]}`, payload);

describe('GET /api/users/search', () => {
  it('shows staff everyone, with public fields only', async () => {
    const res = await get('/api/users/search', 'eve');
    expect(res.statusCode).toBe(200);
    const names = res
      .json()
      .map((u: { username: string }) => u.username)
      .sort();
    expect(names).toEqual(['carl', 'clara', 'eve', 'leo']);
    expect(res.body).not.toMatch(/password|argon2/);
  });

  it('shows a client the lead editors and themselves, not other clients nor editors it has no work with', async () => {
    // The whole rule is walked in server/modules/users/directory.test.ts.
    const res = await get('/api/users/search', 'clara');
    const names = res
      .json()
      .map((u: { username: string }) => u.username)
      .sort();
    expect(names).toEqual(['clara', 'leo']);
  });

  it('filters by q on username or name, case-insensitively', async () => {
    const res = await get('/api/users/search?q=LE', 'leo');
    expect(res.json().map((u: { username: string }) => u.username)).toEqual(['leo']);
  });
});

describe('GET /api/users/{id}', () => {
  it('returns a visible user', async () => {
    const res = await get(`/api/users/${ids.leo}`, 'clara');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'leo', role: 'lead_editor', name: 'LEO' });
  });

  it('hides other clients from a client as 404', async () => {
    const res = await get(`/api/users/${ids.carl}`, 'clara');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('User not found');
  });

  it('answers 400 with a message on a malformed id and 404 on an unknown one', async () => {
    expect((await get('/api/users/not-a-uuid', 'eve')).statusCode).toBe(400);
    expect((await get('/api/users/00000000-0000-4000-8000-000000000000', 'eve')).statusCode).toBe(
      404,
    );
  });
});

describe('PATCH /api/users/{id}', () => {
  it('lets a user change their own name and avatar, and remove the avatar', async () => {
    const url = `/api/users/${ids.clara}`;
    const res = await call('clara', 'PATCH', url, { name: '  Clara B  ', avatar: PNG });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Clara B' });
    expect(res.json().avatarUrl).toMatch(new RegExp(`^/api/users/${ids.clara}/avatar\\?v=\\w+$`));
    const image = await get(res.json().avatarUrl, 'clara');
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(Buffer.from(PNG.split(',')[1]!, 'base64'))).toBe(true);
    const removed = await call('clara', 'PATCH', url, { avatar: null });
    expect(removed.json().avatarUrl).toBeNull();
    expect((await get(`/api/users/${ids.clara}/avatar`, 'clara')).statusCode).toBe(404);
    expect(removed.json().name).toBe('Clara B');
  });

  it("refuses to change someone else's profile, even for a lead editor", async () => {
    const res = await call('leo', 'PATCH', `/api/users/${ids.clara}`, { name: 'Hacked' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You can only update your own profile');
  });

  it.each([
    ['role', 'king'],
    ['isAdmin', 'true'],
    ['isVip', true],
    ['password', 'x'],
  ])('ignores %s: only name and avatar change (no self-promotion)', async (field, value) => {
    const res = await patchOwn('carl', { name: 'Carl', [field]: value });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Carl',
      role: 'client',
      isAdmin: 'false',
      isVip: false,
    });
    await loginAs(t, 'carl');
  });

  it('refuses display names and usernames with bidi controls or zero-width characters (issue 15, finding 7)', async () => {
    for (const name of ['king\u202Egnik', 'Cla\u200Bra', 'a\u2067b\u2069', 'so\u00ADft']) {
      const res = await patchOwn('carl', { name });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().message).toBe(
        'Display name must not contain invisible or text-direction characters',
      );
      const registered = await call('anonymous', 'POST', '/api/auth/register', {
        username: 'spoofer',
        password: 'secret123',
        name,
      });
      expect(registered.statusCode).toBe(400);
    }
    const username = await call('anonymous', 'POST', '/api/auth/register', {
      username: 'king\u202Egnik',
      password: 'secret123',
    });
    expect(username.statusCode).toBe(400);
    expect(username.json().message).toBe(
      'Username may only contain letters, numbers, dots, dashes and underscores',
    );
    // Letters of any script and emoji stay welcome.
    const fine = await patchOwn('carl', { name: 'Çarl Ünal 😀 كارل' });
    expect(fine.statusCode).toBe(200);
  });

  it('refuses an avatar that is not an image', async () => {
    const res = await patchOwn('carl', { avatar: 'data:text/html;base64,PGgxPmhpPC9oMT4=' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Avatar must be a PNG, JPEG or WebP image');
  });
});

describe('POST /api/users/avatar', () => {
  it('sets the avatar of the signed-in user', async () => {
    const res = await call('eve', 'POST', '/api/users/avatar', { imageData: PNG });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: ids.eve });
    expect(res.json().avatarUrl).toMatch(/^\/api\/users\/[\w-]+\/avatar\?v=\w+$/);
    expect(res.body).not.toContain('base64');
  });

  it('accepts an avatar body above the 1 MiB default limit but refuses one over 2 MB of image', async () => {
    // A valid PNG header followed by padding: about 1.5 MB of image, about 2 MB as base64.
    const bytes = Buffer.alloc(1_500_000);
    Buffer.from(PNG.split(',')[1]!, 'base64').copy(bytes);
    const big = `data:image/png;base64,${bytes.toString('base64')}`;
    const ok = await call('eve', 'POST', '/api/users/avatar', { imageData: big });
    expect(ok.statusCode).toBe(200);
    const huge = `data:image/png;base64,${Buffer.concat([bytes, Buffer.alloc(700_000)]).toString('base64')}`;
    const refused = await call('eve', 'POST', '/api/users/avatar', { imageData: huge });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Please select an image smaller than 2MB');
  });

  it('refuses an empty body', async () => {
    const res = await call('eve', 'POST', '/api/users/avatar', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Image data is required');
  });
});
