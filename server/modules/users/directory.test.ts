import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientEditorAssignments, clientTeamLeadAssignments, videos } from '../../db/schema';
import { createTestApp, loginAs, seedPeople, type TestApp } from '../../test/helper';

/**
 * Issue 15, finding 5: a freshly registered client's /api/users/search listed every staff
 * account with its role and isAdmin. Lists of people now follow docs/rules.md#who-may-do-what: a client
 * (and a client team lead) sees only the people it works with, without the admin flag; staff
 * keep today's lists.
 */

let t: TestApp;
let id: Record<string, string>;
let cookie: Record<string, string>;

const PEOPLE = [
  ['king', 'king', 'true'],
  ['lead', 'lead_editor', 'false'],
  ['legacyLead', 'admin', 'false'], // an old 'admin' role reads as lead editor
  ['mine', 'editor', 'false'], // assigned to the client
  ['onVideo', 'editor', 'false'], // edits one of the client's videos, not assigned to it
  ['stranger', 'editor', 'true'], // an admin editor with nothing to do with the client
  ['client', 'client', 'false'],
  ['otherClient', 'client', 'false'],
  ['teamLead', 'client_team_lead', 'false'], // leads the client
  ['otherLead', 'client_team_lead', 'false'], // leads the other client
] as const;

beforeAll(async () => {
  t = await createTestApp();
  ({ id, cookie } = await seedPeople(t, PEOPLE, { username: (name) => name.toLowerCase() }));
  await t.db.insert(clientEditorAssignments).values({ clientId: id.client!, editorId: id.mine! });
  await t.db.insert(clientTeamLeadAssignments).values([
    { clientId: id.client!, teamLeadId: id.teamLead! },
    { clientId: id.otherClient!, teamLeadId: id.otherLead! },
  ]);
  await t.db.insert(videos).values({
    userId: id.client!,
    assignedEditorId: id.onVideo!,
    ordinal: 1,
    name: 'V',
    link: 'https://a.io/v',
  });
});
afterAll(async () => {
  await t.close();
});

type Person = { id: string; username: string; isAdmin?: string };
const list = async (who: string, url: string) => {
  const res = await t.app.inject({ url, headers: { cookie: cookie[who]! } });
  expect(res.statusCode, `${who} ${url}`).toBe(200);
  return res.json() as unknown;
};
const names = (people: Person[]) => people.map((p) => p.username).sort();
const nameOf = (key: string) => key.toLowerCase();

describe('GET /api/users/search by need', () => {
  it('a freshly registered client sees lead editors, the king and itself; no admin flag', async () => {
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'newcomer', password: 'secret123' },
    });
    expect(reg.statusCode).toBe(201);
    cookie.newcomer = await loginAs(t, 'newcomer');
    const people = (await list('newcomer', '/api/users/search')) as Person[];
    expect(names(people)).toEqual(['king', 'lead', 'legacylead', 'newcomer']);
    expect(people.some((p) => 'isAdmin' in p)).toBe(false);
  });

  it('a client sees its editors (assigned or of its videos) and team leads too, never another client', async () => {
    const people = (await list('client', '/api/users/search')) as Person[];
    expect(names(people)).toEqual(
      ['king', 'lead', 'legacyLead', 'mine', 'onVideo', 'client', 'teamLead'].map(nameOf).sort(),
    );
    expect(people.some((p) => 'isAdmin' in p)).toBe(false);
  });

  it("a client team lead sees its clients and their people, not other clients' teams", async () => {
    const people = (await list('teamLead', '/api/users/search')) as Person[];
    expect(names(people)).toEqual(
      ['king', 'lead', 'legacyLead', 'mine', 'onVideo', 'client', 'teamLead'].map(nameOf).sort(),
    );
    expect(people.some((p) => 'isAdmin' in p)).toBe(false);
  });

  it('staff see everyone with the admin flag, as before', async () => {
    for (const who of ['mine', 'lead', 'king', 'stranger']) {
      const people = (await list(who, '/api/users/search')) as Person[];
      expect(people.length, who).toBe(PEOPLE.length + 1);
      expect(
        people.every((p) => p.isAdmin === 'true' || p.isAdmin === 'false'),
        who,
      ).toBe(true);
    }
  });
});

describe('the other lists of people by need', () => {
  it('GET /api/editors: a client gets only the editors it works with', async () => {
    expect(names((await list('client', '/api/editors')) as Person[])).toEqual(['mine', 'onvideo']);
    expect(names((await list('otherClient', '/api/editors')) as Person[])).toEqual([]);
    const staff = (await list('lead', '/api/editors')) as Person[];
    expect(names(staff)).toEqual(['mine', 'onvideo', 'stranger']);
    expect(staff.find((p) => p.username === 'stranger')!.isAdmin).toBe('true');
  });

  it('GET /api/clients: a client itself, a team lead its clients, staff every client', async () => {
    expect(names((await list('client', '/api/clients')) as Person[])).toEqual(['client']);
    expect(names((await list('teamLead', '/api/clients')) as Person[])).toEqual(['client']);
    expect(names((await list('otherLead', '/api/clients')) as Person[])).toEqual(['otherclient']);
    expect(names((await list('mine', '/api/clients')) as Person[])).toEqual(
      ['client', 'newcomer', 'otherclient'].sort(),
    );
  });

  it('mentionable and the assigned editors carry no admin flag for a client', async () => {
    const [video] = (await list('client', '/api/videos')) as { id: string }[];
    const mentionable = (await list('client', `/api/videos/${video!.id}/mentionable`)) as Person[];
    // The client's team lead acts for it, so it is mentionable too, and so are the client's
    // own editor and the king, whom a mention tells (docs/rules.md); all people it knows of.
    expect(names(mentionable)).toEqual([
      'client',
      'king',
      'lead',
      'legacylead',
      'mine',
      'onvideo',
      'teamlead',
    ]);
    expect(mentionable.some((p) => 'isAdmin' in p)).toBe(false);
    const mine = (await list('client', '/api/assignments/my-editors')) as {
      assignedEditors: Person[];
    };
    expect(names(mine.assignedEditors)).toEqual(['mine']);
    expect(mine.assignedEditors.some((p) => 'isAdmin' in p)).toBe(false);
    const staffView = (await list('lead', `/api/videos/${video!.id}/mentionable`)) as Person[];
    expect(staffView.every((p) => p.isAdmin !== undefined)).toBe(true);
  });

  it('GET /api/users/{id}: people outside the directory are not found', async () => {
    const get = (who: string, target: string) =>
      t.app.inject({ url: `/api/users/${id[target]}`, headers: { cookie: cookie[who]! } });
    expect((await get('client', 'stranger')).statusCode).toBe(404);
    expect((await get('client', 'otherClient')).statusCode).toBe(404);
    expect((await get('otherLead', 'client')).statusCode).toBe(404);
    const lead = await get('client', 'lead');
    expect(lead.statusCode).toBe(200);
    expect('isAdmin' in lead.json()).toBe(false);
    const self = await get('client', 'client');
    expect(self.json().isAdmin).toBe('false');
  });
});
