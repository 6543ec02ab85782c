import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import type { AdminUser } from '@domain/admin';
import { UserManagement } from './user-management';

const user = (
  username: string,
  role: AdminUser['role'],
  name: string | null,
  isAdmin: 'true' | 'false' = 'false',
): AdminUser => ({
  id: `id-${username}`,
  username,
  name,
  role,
  isAdmin,
  avatarUrl: null,
  isVip: false,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const king = user('king', 'king', 'King', 'true');
const lead = user('lena', 'lead_editor', 'Lena Lead', 'true');
const users = [king, lead, user('zoe', 'client', 'zoe Z'), user('adam', 'client', null)];

function renderAs(actor: AdminUser) {
  return renderWithProviders(<UserManagement actor={actor} users={users} onSavedSelf={() => {}} />);
}

describe('UserManagement', () => {
  it('starts with every section collapsed and offers jumps only to non-empty ones', () => {
    renderAs(king);
    for (const name of ['King', 'Lead Editors', 'Editors', 'Clients']) {
      const toggle = within(
        screen.getByRole('heading', { name: new RegExp(`^${name}`) }),
      ).getByRole('button');
      expect(toggle.getAttribute('aria-expanded')).toBe('false');
    }
    const jumps = within(screen.getByRole('group', { name: 'Jump to section' }));
    expect(jumps.getByRole('button', { name: 'Clients (2)' })).toBeTruthy();
    expect(jumps.queryByRole('button', { name: /^Editors/ })).toBeNull();
  });

  it('searches case-insensitively, says how many, and sorts by name or username', async () => {
    renderAs(king);
    const search = screen.getByRole('searchbox', { name: 'Search users by name or username' });
    await userEvent.type(search, 'Z');
    expect(screen.getByText('1 user(s) found')).toBeTruthy();
    await userEvent.clear(search);
    await userEvent.type(search, 'nobody');
    expect(screen.getAllByText('No users found').length).toBeGreaterThan(0);
    expect(screen.getByText('No users match your search')).toBeTruthy();
    await userEvent.clear(search);
    await userEvent.click(screen.getByRole('button', { name: 'Clients (2)' }));
    const clients = within(await screen.findByRole('list', { name: 'Clients' }));
    expect(clients.getAllByRole('listitem').map((li) => li.getAttribute('aria-label'))).toEqual([
      'adam',
      'zoe',
    ]);
    expect(clients.getByText('No display name')).toBeTruthy();
  });

  it('opens the sections a search found people in, and only those', async () => {
    renderAs(king);
    const search = screen.getByRole('searchbox', { name: 'Search users by name or username' });
    await userEvent.type(search, 'zoe');
    expect(screen.getByText('1 user(s) found')).toBeTruthy();
    const expanded = (name: string) =>
      within(screen.getByRole('heading', { name: new RegExp(`^${name}`) }))
        .getByRole('button')
        .getAttribute('aria-expanded');
    expect(expanded('Clients')).toBe('true');
    expect(expanded('King')).toBe('false');
    expect(within(screen.getByRole('list', { name: 'Clients' })).getByText('zoe Z')).toBeTruthy();
    // The section can still be closed by hand while the search stands.
    await userEvent.click(
      within(screen.getByRole('heading', { name: /^Clients/ })).getByRole('button'),
    );
    expect(expanded('Clients')).toBe('false');
  });

  it("gives a lead editor admin no buttons on the king's or a lead editor's row", async () => {
    renderAs(lead);
    await userEvent.click(screen.getByRole('button', { name: 'King (1)' }));
    const kingRow = await screen.findByRole('listitem', { name: 'king' });
    expect(within(kingRow).queryAllByRole('button')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Lead Editors (1)' }));
    const leadRow = await screen.findByRole('listitem', { name: 'lena' });
    expect(within(leadRow).queryAllByRole('button')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Clients (2)' }));
    const zoe = await screen.findByRole('listitem', { name: 'zoe' });
    expect(within(zoe).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(zoe).getByRole('button', { name: 'Delete' })).toBeTruthy();
  });

  it('groups client team leads on their own: a tile, a filter, a section (not editors or clients)', async () => {
    const withLead = [...users, user('olivia', 'client_team_lead', 'Olivia Grant')];
    renderWithProviders(<UserManagement actor={lead} users={withLead} onSavedSelf={() => {}} />);
    // The tiles come first on the page: a label and its number.
    const tile = (label: string) =>
      screen.getAllByText(label, { selector: 'p' })[0]!.parentElement!.querySelectorAll('p')[1]!
        .textContent;
    expect(tile('Client Team Leads')).toBe('1');
    expect(tile('Clients')).toBe('2');
    expect(tile('All Editors')).toBe('1');
    const filters = within(screen.getByRole('group', { name: 'Filter by role' }));
    expect(filters.getByRole('button', { name: 'Client Team Leads' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Client Team Leads (1)' }));
    const leads = within(await screen.findByRole('list', { name: 'Client Team Leads' }));
    const olivia = leads.getByRole('listitem', { name: 'olivia' });
    // An admin lead editor manages team leads (docs/rules.md#who-may-do-what).
    expect(within(olivia).getByRole('button', { name: 'Edit' })).toBeTruthy();
  });
});
