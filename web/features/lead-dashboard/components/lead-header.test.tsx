import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ClientWithCounts } from '@domain/assignments';
import type { LeadCounts } from '@domain/lead-dashboard';
import { renderWithProviders } from '../../../test/render';
import { ClientPicker } from './client-picker';
import { LeadTiles } from './lead-tiles';

const counts: LeadCounts = {
  needsReview: 4,
  total: 40,
  inProgress: 9,
  overdue: 3,
  readyToPost: 2,
  posted: 11,
  teamMembers: 7,
};

describe('LeadTiles', () => {
  it('shows the seven counts and switches tab from a tile, by keyboard too', async () => {
    const onPick = vi.fn();
    renderWithProviders(<LeadTiles counts={counts} current="needs-review" onPick={onPick} />);
    const overdue = screen.getByRole('button', { name: /Overdue/ });
    expect(overdue.textContent).toContain('3');
    expect(
      screen.getByRole('button', { name: /Needs My Review/ }).getAttribute('aria-pressed'),
    ).toBe('true');
    await userEvent.click(overdue);
    expect(onPick).toHaveBeenLastCalledWith('overdue');
    screen.getByRole('button', { name: /Team Members/ }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onPick).toHaveBeenLastCalledWith('team');
    expect(screen.getAllByRole('button')).toHaveLength(7);
  });
});

const client = (i: number, videoCount: number, isVip = false): ClientWithCounts => ({
  id: `c${i}`,
  username: `client${i}`,
  name: `Client ${i}`,
  avatarUrl: null,
  role: 'client',
  isAdmin: 'false',
  isVip,
  videoCount,
  editorCount: 0,
});

describe('ClientPicker', () => {
  it('offers All clients, the VIPs and the top three, and picks one', async () => {
    const onChange = vi.fn();
    const clients = [client(1, 5), client(2, 50), client(3, 1, true), client(4, 9), client(5, 2)];
    renderWithProviders(<ClientPicker clients={clients} value={null} onChange={onChange} />);
    const strip = screen.getAllByRole('button').map((b) => b.textContent);
    expect(strip[0]).toBe('All clients');
    expect(strip.slice(1).map((t) => /Client \d/.exec(t ?? '')?.[0])).toEqual([
      'Client 3',
      'Client 2',
      'Client 4',
      'Client 1',
    ]);
    expect(strip[1]).toContain('VIP');
    await userEvent.click(screen.getByRole('button', { name: /Client 2/ }));
    expect(onChange).toHaveBeenCalledWith('c2');
  });
});
