import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PublicUser } from '@domain/user';
import { AuthContext } from '../../../lib/auth-context';
import { drawAtWidth, renderWithProviders } from '../../../test/render';
import { videoView } from '../../../test/videos';
import { ManagedVideos } from './managed-videos';

const person = (
  id: string,
  role: PublicUser['role'],
  isAdmin: PublicUser['isAdmin'] = 'false',
): PublicUser => ({
  id,
  username: id,
  name: null,
  role,
  isAdmin,
  avatarUrl: null,
  isVip: false,
});
const king = person('king', 'king', 'true');

function page(target: PublicUser, names = ['Intro', 'Outro'], paid: string[] = []) {
  const owner = { id: 'client', username: 'client', name: 'Bright Smile', avatarUrl: null };
  const videos = names.map((name, i) =>
    videoView(String(i + 1), name, paid.includes(name) ? 'posted' : 'draft', {
      owner: { ...owner, isVip: true },
      clientIsVip: true,
      paid: paid.includes(name),
    }),
  );
  const auth = { user: king, isLoading: false, login: () => {}, logout: async () => {} };
  return (
    <AuthContext.Provider value={{ ...auth, refresh: async () => king }}>
      <ManagedVideos
        target={target}
        viewer={king}
        videos={videos}
        assignedClients={[]}
        onOpen={() => {}}
        onRefresh={() => {}}
        refreshing={false}
        canAdd={false}
      />
    </AuthContext.Provider>
  );
}

function renderPage(...args: Parameters<typeof page>) {
  renderWithProviders(page(...args));
}

// The rows (desktop) or cards (phone) name the client beside its VIP badge.
const clientShown = () => screen.queryAllByText('Bright Smile').length;

describe('ManagedVideos: the client column', () => {
  // docs/product.md#screens: the king and lead editors see Client, whichever page they are on.
  it("keeps the king's Client column on the client's own page", () => {
    renderPage(person('client', 'client'));
    expect(screen.getAllByText(/Intro/).length).toBeGreaterThan(0);
    expect(clientShown()).toBe(2);
  });

  it("names the client on each row of an editor's page, whose videos are several clients'", () => {
    renderPage(person('sam', 'editor'));
    expect(clientShown()).toBe(2);
  });
});

describe('ManagedVideos: drawn by the server', () => {
  it('draws cards for a 390 px phone and the table for a 1280 px desktop', () => {
    const phone = drawAtWidth(page(person('client', 'client')), 390);
    expect(phone.querySelector('table')).toBeNull();
    expect(phone.textContent).toContain('Intro');
    expect(
      drawAtWidth(page(person('client', 'client')), 1280).querySelector('table'),
    ).not.toBeNull();
  });
});

describe('ManagedVideos: markers of the selected videos', () => {
  it('exports the chosen videos as one CSV, never as an EDL', async () => {
    renderPage(person('client', 'client'));
    const button = () => screen.getByRole('button', { name: /^Export markers/ });
    expect((button() as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all (2)' }));
    expect(button().textContent).toBe('Export markers (2)');
    await userEvent.click(button());
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => [i.textContent, i.getAttribute('href')])).toEqual([
      ['Spreadsheet (CSV)', '/api/videos/markers?ids=1%2C2&format=csv'],
    ]);
  });

  // A paid video cannot be deleted, but its notes still go to the edit.
  it('exports a paid video with the others, and deletes only the unpaid ones', async () => {
    renderPage(person('client', 'client'), ['Intro', 'Outro', 'Final cut'], ['Final cut']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all (3)' }));
    expect(screen.getByRole('button', { name: /^Export markers/ }).textContent).toBe(
      'Export markers (3)',
    );
    expect(screen.getByRole('button', { name: /^Delete selected/ }).textContent).toBe(
      'Delete selected (2)',
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Final cut' }));
    expect(screen.getByRole('button', { name: /^Export markers/ }).textContent).toBe(
      'Export markers (2)',
    );
  });
});
