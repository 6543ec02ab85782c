import { beforeAll, describe, expect, it } from 'vitest';
import { clientEditorAssignments, clientTeamLeadAssignments } from '../../db/schema';
import { setUpSuite } from '../../test/helper';
import { recordStatements } from '../../test/statements';

/**
 * The lists of people (a manager's clients and editors, an editor's clients, a client's editors,
 * a team lead's clients) answer with public fields only, and their queries read only those: no
 * password hash leaves the database for a list (users.repository.ts, publicUserColumns).
 */
const t = setUpSuite([
  ['lead', 'lead_editor'],
  ['client', 'client'],
  ['editor', 'editor'],
  ['teamlead', 'client_team_lead'],
]);
const { id, call } = t;

beforeAll(async () => {
  await t.db.insert(clientEditorAssignments).values({ clientId: id.client, editorId: id.editor });
  await t.db
    .insert(clientTeamLeadAssignments)
    .values({ clientId: id.client, teamLeadId: id.teamlead });
});

describe('the lists of people', () => {
  it.each([
    ['lead', '/api/clients', 'client'],
    ['lead', '/api/editors', 'editor'],
    ['editor', '/api/assignments/my-clients', 'client'],
    ['client', '/api/assignments/my-editors', 'editor'],
    ['teamlead', '/api/team-leads/my-clients', 'client'],
  ] as const)("%s's %s reads no password hash", async (who, url, listed) => {
    const statements = recordStatements(t.database);
    let body = '';
    const sent = await statements.sentDuring(async () => {
      const res = await call(who, 'GET', url);
      expect(res.statusCode, res.body).toBe(200);
      body = res.body;
    });
    // The list holds the people it is about …
    expect(body).toContain(id[listed]);
    // … and no statement sent for it names the users' password column.
    expect(sent.filter((s) => s.text.includes('"password"')).map((s) => s.text)).toEqual([]);
    expect(body).not.toContain('password');
  });
});
