import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FRAME_RATE_LABELS, FRAME_RATES } from '@domain/timecode';
import type { PublicUser } from '@domain/user';
import { AuthContext } from '../../../lib/auth-context';
import { renderWithProviders } from '../../../test/render';
import { AddUserVideoDialog } from './add-user-video-dialog';

// A lead editor: not an admin, so the menu does not read the agency's details.
const lead: PublicUser = {
  id: 'lead',
  username: 'lead',
  name: 'Lena Lead',
  role: 'lead_editor',
  isAdmin: 'false',
  avatarUrl: null,
  isVip: false,
};

describe("the managed page's Add Video: the source's frame rate (issue 43)", () => {
  it("offers every rate after the agency's default, which it starts on", async () => {
    const auth = { user: lead, isLoading: false, login: () => {}, logout: async () => {} };
    renderWithProviders(
      <AuthContext.Provider value={{ ...auth, refresh: async () => lead }}>
        <AddUserVideoDialog opened onClose={() => {}} userId="client" videoCount={2} />
      </AuthContext.Provider>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Add Video' });
    const rate = within(dialog).getByRole<HTMLSelectElement>('combobox', { name: /Frame rate/ });
    expect(rate.value).toBe('');
    expect([...rate.options].map((o) => o.textContent)).toEqual([
      "The agency's default",
      ...FRAME_RATES.map((r) => FRAME_RATE_LABELS[r]),
    ]);
    await userEvent.setup({ delay: null }).selectOptions(rate, '29.97 fps drop-frame');
    expect(rate.value).toBe('29.97df');
  });
});
