import { describe, expect, it } from 'vitest';
import {
  adminCountText,
  initials,
  peopleCounts,
  ROLE_GROUP_LABELS,
  ROLE_GROUPS,
  roleGroupOf,
} from './people';
import { TEAM_LEADS_LABEL } from './roles';
import { itReturns } from './test-helpers';

const person = (role: string, isAdmin = 'false') => ({ role, isAdmin });

describe('role groups', () => {
  itReturns(roleGroupOf, 'puts the role %j in the group %j', [
    ['king', 'king'],
    ['lead_editor', 'lead_editor'],
    ['Lead Editor', 'lead_editor'],
    ['editor', 'editor'],
    // A client team lead is neither a client nor an editor.
    ['client_team_lead', 'client_team_lead'],
    ['Client Team Lead', 'client_team_lead'],
    ['client', 'client'],
    ['user', 'client'],
    ['', 'client'],
  ]);

  it('names every group in page order', () => {
    expect(ROLE_GROUPS.map((g) => ROLE_GROUP_LABELS[g])).toEqual([
      'System Admins',
      'Lead Editors',
      'Editors',
      TEAM_LEADS_LABEL,
      'Clients',
    ]);
  });
});

describe('peopleCounts', () => {
  it('counts each group once: a team lead is no client and no editor', () => {
    const people = [
      person('king', 'true'),
      person('lead_editor', 'true'),
      person('lead_editor'),
      person('editor'),
      person('editor'),
      person('editor'),
      person('client_team_lead'),
      person('client'),
      person('user'),
    ];
    expect(peopleCounts(people)).toEqual({
      total: 9,
      systemAdmins: 1,
      admins: 2,
      leadEditors: 2,
      regularEditors: 3,
      allEditors: 5,
      teamLeads: 1,
      clients: 2,
    });
  });

  it('counts the king as an admin without the flag, and a flag without the king role', () => {
    expect(peopleCounts([person('king')]).admins).toBe(1);
    expect(peopleCounts([person('editor', 'true')]).admins).toBe(1);
    expect(peopleCounts([person('editor', 'false'), { role: 'client' }]).admins).toBe(0);
  });

  it('adds up: every person is in exactly one group', () => {
    const people = ['king', 'lead_editor', 'editor', 'client_team_lead', 'client', 'odd'].map((r) =>
      person(r),
    );
    const c = peopleCounts(people);
    expect(c.systemAdmins + c.allEditors + c.teamLeads + c.clients).toBe(c.total);
  });

  itReturns(adminCountText, 'reads %j admins as %j', [
    [1, '1 with admin privileges'],
    [2, '2 with admin privileges'],
  ]);
});

describe('initials', () => {
  itReturns(initials, 'draws %j as %j', [
    [{ name: 'Marcus Reid', username: 'lead.marcus' }, 'MR'],
    [{ name: 'Maya Chen', username: 'editor.maya' }, 'MC'],
    [{ name: 'BrightSmile Dental Clinic', username: 'client.brightsmile' }, 'BD'],
    [{ name: 'King', username: 'king' }, 'K'],
    [{ name: null, username: 'editor.sam' }, 'ES'],
    [{ name: '', username: 'zoe' }, 'Z'],
    [{ name: 'élodie  dupont', username: 'x' }, 'ÉD'],
  ]);
});
