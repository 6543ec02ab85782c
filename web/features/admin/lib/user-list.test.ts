import { describe, expect, it } from 'vitest';
import {
  groupUsers,
  matchesSearch,
  resultText,
  ROLE_FILTER_LABELS,
  SECTION_LABELS,
  sectionOf,
  sortUsers,
} from './user-list';
import { publicUser } from '../../../test/people';

const people = [
  publicUser('king', 'king', 'The King'),
  publicUser('zed', 'client', 'alice Z'),
  publicUser('bob', 'client'),
  publicUser('ed', 'editor', 'Edith'),
  publicUser('lead', 'lead_editor', 'Lena'),
  publicUser('ctl', 'client_team_lead', 'Carl'),
];

describe('user list', () => {
  it('searches username and display name case-insensitively', () => {
    expect(matchesSearch(people[1]!, 'ALICE')).toBe(true);
    expect(matchesSearch(people[1]!, 'Ze')).toBe(true);
    expect(matchesSearch(people[2]!, 'alice')).toBe(false);
    expect(matchesSearch(people[2]!, '  ')).toBe(true);
  });

  it('sorts by display name or username, case-insensitively', () => {
    expect(sortUsers(people).map((u) => u.username)).toEqual([
      'zed',
      'bob',
      'ctl',
      'ed',
      'lead',
      'king',
    ]);
  });

  it('groups into sections, client team leads in their own', () => {
    expect(sectionOf(people[5]!)).toBe('client_team_lead');
    const { shown, sections } = groupUsers(people, '', 'all');
    expect(shown).toHaveLength(6);
    expect(sections.editor.map((u) => u.username)).toEqual(['ed']);
    expect(sections.client_team_lead.map((u) => u.username)).toEqual(['ctl']);
    expect(sections.client.map((u) => u.username)).toEqual(['zed', 'bob']);
    expect(groupUsers(people, 'e', 'client').shown.map((u) => u.username)).toEqual(['zed']);
    expect(groupUsers(people, '', 'client_team_lead').shown.map((u) => u.username)).toEqual([
      'ctl',
    ]);
    expect(SECTION_LABELS.client_team_lead).toBe('Client Team Leads');
    expect(ROLE_FILTER_LABELS.client_team_lead).toBe('Client Team Leads');
  });

  it('words the result count', () => {
    expect(resultText(0)).toBe('No users found');
    expect(resultText(3)).toBe('3 user(s) found');
  });
});
