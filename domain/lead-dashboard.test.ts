import { describe, expect, it } from 'vitest';
import {
  assignableClients,
  bulkDeleteMessage,
  clientPicker,
  isLeadTab,
  LEAD_TAB_INFO,
  LEAD_TABS,
  leadTabCount,
  leadTabFilter,
  leadVideoCounts,
  managedAddVideoDefaults,
  managedUserColumns,
  mayOpenManagedUser,
  needsLead,
  teamSectionOf,
  teamSections,
  type LeadCounts,
} from './lead-dashboard';
import { managedAddVideoForm } from './managed-video-form';
import { firstByField } from './test-helpers';

const counts: LeadCounts = {
  needsReview: 1,
  total: 20,
  inProgress: 3,
  overdue: 4,
  readyToPost: 5,
  posted: 6,
  teamMembers: 7,
};

describe('lead tabs', () => {
  it('has the seven tabs, needs-review first, with the spec empty messages', () => {
    expect(LEAD_TABS).toHaveLength(7);
    expect(LEAD_TABS[0]).toBe('needs-review');
    expect(LEAD_TAB_INFO['needs-review'].empty).toBe('Nothing needs your review');
    expect(LEAD_TAB_INFO['all-videos'].empty).toBe('No videos found');
    expect(LEAD_TAB_INFO['in-progress'].empty).toBe('No videos in progress');
    expect(LEAD_TAB_INFO.overdue.empty).toBe('No overdue videos');
    expect(LEAD_TAB_INFO['ready-to-post'].empty).toBe('No videos ready to post');
    expect(LEAD_TAB_INFO.posted.empty).toBe('No posted videos');
    expect(isLeadTab('team')).toBe(true);
    expect(isLeadTab('nope')).toBe(false);
  });

  it('filters each tab by status or the overdue rule', () => {
    expect(leadTabFilter('needs-review', '')).toEqual({ needsLead: true });
    expect(leadTabFilter('in-progress', '  ')).toEqual({ status: 'in_progress' });
    expect(leadTabFilter('ready-to-post', '')).toEqual({ status: 'ready_to_post' });
    expect(leadTabFilter('posted', '')).toEqual({ status: 'posted' });
    expect(leadTabFilter('overdue', '')).toEqual({ overdue: true });
    expect(leadTabFilter('all-videos', '')).toEqual({});
  });

  it('lets a search override status and due date on every tab', () => {
    for (const tab of ['needs-review', 'overdue', 'posted', 'all-videos'] as const) {
      expect(leadTabFilter(tab, ' cat ')).toEqual({ q: 'cat' });
    }
  });

  it('counts a tab by its tile, or by the matches while searching', () => {
    expect(leadTabCount('overdue', counts, '', 9)).toBe(4);
    expect(leadTabCount('overdue', counts, 'x', 9)).toBe(9);
    expect(leadTabCount('team', counts, 'x', 9)).toBe(7);
    expect(leadTabCount('posted', counts, 'x', null)).toBe(6);
  });
});

describe('client picker', () => {
  const c = (id: string, videoCount: number, isVip = false) => ({
    id,
    videoCount,
    isVip,
    name: id,
    username: id,
  });

  it('puts every VIP and the top 3 non-VIP by videos on the strip, the next 20 in a dropdown', () => {
    const clients = [
      c('v1', 0, true),
      ...Array.from({ length: 30 }, (_, i) => c(`n${i}`, i)),
      c('v2', 5, true),
    ];
    const { strip, dropdown } = clientPicker(clients);
    expect(strip.map((x) => x.id)).toEqual(['v2', 'v1', 'n29', 'n28', 'n27']);
    expect(dropdown).toHaveLength(20);
    expect(dropdown[0]!.id).toBe('n26');
    expect(dropdown.every((x) => !x.isVip)).toBe(true);
  });
});

describe('assignments', () => {
  it('hides a client already assigned to every editor', () => {
    const clients = [
      { id: 'a', editorCount: 2 },
      { id: 'b', editorCount: 1 },
      { id: 'c', editorCount: 0 },
    ];
    expect(assignableClients(clients, 2).map((x) => x.id)).toEqual(['b', 'c']);
    expect(assignableClients(clients, 0)).toEqual([]);
  });
});

describe('team', () => {
  const members = [
    { id: '1', username: 'king', name: null, role: 'king' },
    { id: '2', username: 'zed', name: 'Zed', role: 'lead_editor' },
    { id: '3', username: 'amy', name: 'amy', role: 'editor' },
    { id: '4', username: 'bob', name: 'Bob', role: 'editor' },
    { id: '5', username: 'cli', name: 'Carla', role: 'client' },
    { id: '6', username: 'old', name: null, role: 'user' },
    { id: '7', username: 'olivia', name: 'Olivia', role: 'client_team_lead' },
  ];

  it('groups by role in section order, sorted by name, with search and role filter', () => {
    const all = teamSections(members, '', 'all');
    expect(all.map((s) => s.label)).toEqual([
      'System Admins',
      'Lead Editors',
      'Editors',
      'Client Team Leads',
      'Clients',
    ]);
    expect(all[2]!.members.map((m) => m.id)).toEqual(['3', '4']);
    // A client team lead is neither a client nor an editor: it has its own section.
    expect(all[3]!.members.map((m) => m.id)).toEqual(['7']);
    expect(all[4]!.members.map((m) => m.id)).toEqual(['5', '6']);
    expect(teamSectionOf('Client Team Lead')).toBe('client_team_lead');
    const searched = teamSections(members, 'CAR', 'all');
    expect(searched.flatMap((s) => s.members).map((m) => m.id)).toEqual(['5']);
    expect(teamSections(members, '', 'editor').map((s) => s.key)).toEqual(['editor']);
  });
});

describe('Needs My Review (issue 41)', () => {
  const now = new Date('2026-06-10T12:00:00Z');
  const inReview = (days: number) => ({
    status: 'review',
    statusSince: new Date(now.getTime() - days * 86_400_000).toISOString(),
  });
  it('holds a video in review once its client let the last reminder day pass', () => {
    expect(needsLead(inReview(6.9), now)).toBe(false);
    expect(needsLead(inReview(7), now)).toBe(true);
    expect(needsLead({ ...inReview(30), status: 'in_progress' }, now)).toBe(false);
    // The king's days: the last one counts.
    expect(needsLead(inReview(4), now, [2, 4])).toBe(true);
    expect(needsLead(inReview(4), now, [5, 2])).toBe(false);
    // No reminder days at all: the default's last.
    expect(needsLead(inReview(6), now, [])).toBe(false);
    expect(needsLead(inReview(7), now, [])).toBe(true);
  });
});

describe('leadVideoCounts', () => {
  it('counts each status once and overdue by the overdue rule', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const past = '2026-05-01T00:00:00Z';
    const videos = [
      { status: 'draft', dueDate: past },
      { status: 'in_progress', dueDate: past },
      { status: 'in_progress', dueDate: null },
      { status: 'review', dueDate: '2026-07-01T00:00:00Z', statusSince: '2026-05-20T12:00:00Z' },
      // In review for six days: the client's turn, reminded, not yet the lead's.
      { status: 'review', dueDate: null, statusSince: '2026-05-26T12:00:00Z' },
      // Completed work is never overdue.
      { status: 'ready_to_post', dueDate: past },
      { status: 'posted', dueDate: past },
    ];
    expect(leadVideoCounts(videos, now)).toEqual({
      needsReview: 1,
      total: 7,
      inProgress: 2,
      overdue: 2,
      readyToPost: 1,
      posted: 1,
    });
  });
});

describe('managed-user page', () => {
  it('shows columns by viewer', () => {
    expect(managedUserColumns({ role: 'king', isAdmin: 'false' })).toEqual({
      client: true,
      assignedEditor: true,
    });
    expect(managedUserColumns({ role: 'lead_editor', isAdmin: 'false' })).toEqual({
      client: true,
      assignedEditor: true,
    });
    expect(managedUserColumns({ role: 'editor', isAdmin: 'false' })).toEqual({
      client: true,
      assignedEditor: false,
    });
    expect(managedUserColumns({ role: 'client', isAdmin: 'false' })).toEqual({
      client: false,
      assignedEditor: true,
    });
  });

  it('lets managers open anyone, editors only their clients, nobody else', () => {
    const mine = new Set(['c1']);
    expect(mayOpenManagedUser({ role: 'lead_editor', isAdmin: 'false' }, 'x', mine)).toBe(true);
    expect(mayOpenManagedUser({ role: 'client', isAdmin: 'true' }, 'x', mine)).toBe(true);
    expect(mayOpenManagedUser({ role: 'editor', isAdmin: 'false' }, 'c1', mine)).toBe(true);
    expect(mayOpenManagedUser({ role: 'editor', isAdmin: 'false' }, 'c2', mine)).toBe(false);
    expect(mayOpenManagedUser({ role: 'client', isAdmin: 'false' }, 'c1', mine)).toBe(false);
  });

  it('words the bulk delete outcome', () => {
    expect(bulkDeleteMessage(3, 0)).toBe('3 videos deleted.');
    expect(bulkDeleteMessage(1, 0)).toBe('1 video deleted.');
    expect(bulkDeleteMessage(2, 1)).toBe('2 videos deleted. 1 failed to delete.');
  });
});

describe('managed-user Add Video form', () => {
  it('defaults to count + 1, consultation, in progress', () => {
    expect(managedAddVideoDefaults(4)).toMatchObject({
      ordinal: 5,
      type: 'consultation',
      status: 'in_progress',
    });
  });

  it('gives the spec messages', () => {
    const blank = {
      name: ' ',
      link: 'not a url',
      type: '',
      status: '',
      ordinal: Number.NaN,
      frameRate: '',
    };
    expect(firstByField(managedAddVideoForm, blank)).toEqual({
      name: 'Name is required',
      link: 'Must be a valid URL',
      type: 'Type is required',
      status: 'Status is required',
      ordinal: 'Order is required',
    });
    expect(
      managedAddVideoForm.safeParse({
        ...managedAddVideoDefaults(0),
        name: 'A',
        link: 'https://x.io/v',
      }).success,
    ).toBe(true);
    expect(
      managedAddVideoForm.safeParse({
        ...managedAddVideoDefaults(0),
        name: 'A',
        link: 'ftp://x.io',
      }).success,
    ).toBe(false);
  });
});
