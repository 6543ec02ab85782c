import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PublicUser } from '@domain/user';
import { renderWithProviders } from '../../../test/render';
import { videoView } from '../../../test/videos';
import { ClientDecisionPanel } from './client-decision';

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
const owner = {
  id: 'client',
  username: 'olivia',
  name: 'Olivia Owner',
  avatarUrl: null,
  isVip: false,
};

const panel = (viewer: PublicUser, status = 'review') =>
  renderWithProviders(
    <ClientDecisionPanel video={videoView('1', 'Launch', status, { owner })} viewer={viewer} />,
  );

describe('ClientDecisionPanel (issue 41)', () => {
  it('offers a manager the client’s decisions on a video waiting for it, confirmed by name', async () => {
    panel(person('lead', 'lead_editor'));
    expect(screen.getByRole('group', { name: 'Waiting for Olivia Owner' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Request changes for the client…' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Approve for the client…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve for the client' });
    expect(dialog.textContent).toContain(
      'Approve for the client? This is recorded as your decision for Olivia Owner.',
    );
  });

  it('offers nothing to an editor, to the client side, nor outside review', () => {
    for (const [viewer, status] of [
      [person('editor', 'editor'), 'review'],
      [person('client', 'client'), 'review'],
      [person('tl', 'client_team_lead'), 'review'],
      [person('boss', 'king', 'true'), 'in_progress'],
    ] as const) {
      const { unmount } = panel(viewer, status);
      expect(screen.queryByRole('group'), `${viewer.role} ${status}`).toBeNull();
      expect(screen.queryByRole('button'), `${viewer.role} ${status}`).toBeNull();
      unmount();
    }
  });
});
