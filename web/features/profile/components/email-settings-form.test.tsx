import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  EMAIL_KIND_LABELS,
  EMAIL_KINDS,
  EMAIL_MESSAGES,
  emailModes,
  type EmailSettings,
} from '@domain/email';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { EmailSettingsCard, useEmailSettingsForm, type SettingsRead } from './email-settings-form';

/** The card with its form, as the profile page holds it. */
function Card({ settings }: { settings: SettingsRead }) {
  return <EmailSettingsCard settings={settings} form={useEmailSettingsForm(settings.data)} />;
}

/** Settings as the server answers them for a client: the role's defaults, or their choices. */
const settings = (over: Partial<EmailSettings> = {}): EmailSettings => ({
  address: '',
  digest: 'daily',
  timeZone: 'UTC',
  modes: emailModes('client', {}),
  ...over,
});

const read = (data: EmailSettings) => ({ data, error: null, isError: false });

/** The mode control of a kind: its radio group, named by the kind's label. */
const modeOf = (kind: (typeof EMAIL_KINDS)[number]) =>
  screen.getByRole('radiogroup', { name: EMAIL_KIND_LABELS[kind] });

describe('EmailSettingsCard', () => {
  it('says it is loading while the settings are read', () => {
    renderWithProviders(<Card settings={{ data: undefined, error: null, isError: false }} />);
    expect(screen.getByRole('status').textContent).toContain('Loading email settings');
    expect(screen.queryByLabelText(/Email address/)).toBeNull();
  });

  it("shows the server's reason when the settings cannot be read, and a plain one otherwise", () => {
    const refused = new ApiError(401, JSON.stringify({ message: 'Not signed in' }), '');
    const { unmount } = renderWithProviders(
      <Card settings={{ data: undefined, error: refused, isError: true }} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Not signed in');
    unmount();
    renderWithProviders(
      <Card
        settings={{ data: undefined, error: new TypeError('Failed to fetch'), isError: true }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Could not load your email settings');
  });

  it('lists every kind with its mode; without an address nothing but the address can change', () => {
    renderWithProviders(<Card settings={read(settings())} />);
    const address = screen.getByLabelText(/Email address/) as HTMLInputElement;
    expect(address.value).toBe('');
    expect(screen.getByText('Leave it empty to get no email.')).toBeTruthy();
    for (const kind of EMAIL_KINDS) {
      const group = modeOf(kind);
      for (const radio of within(group).getAllByRole('radio')) {
        expect((radio as HTMLInputElement).disabled, kind).toBe(true);
      }
    }
    // A client's defaults: mentions and reviews (its turn, issue 41) at once, comments off.
    const checked = (kind: (typeof EMAIL_KINDS)[number]) =>
      within(modeOf(kind)).getByRole('radio', { checked: true }).getAttribute('value');
    expect(checked('mention')).toBe('now');
    expect(checked('review_requested')).toBe('now');
    expect(checked('comment')).toBe('off');
  });

  it('turns the choices on once an address is typed, and says what is wrong with a bad one', async () => {
    renderWithProviders(<Card settings={read(settings())} />);
    const user = userEvent.setup();
    const address = screen.getByLabelText(/Email address/);
    await user.click(address);
    await user.paste('olivia@');
    await user.tab();
    expect(await screen.findByText(EMAIL_MESSAGES.address)).toBeTruthy();
    const comment = within(modeOf('comment')).getByRole('radio', { name: 'At once' });
    expect((comment as HTMLInputElement).disabled).toBe(false);
    await user.click(address);
    await user.paste('client.test');
    await user.tab();
    expect(screen.queryByText(EMAIL_MESSAGES.address)).toBeNull();
  }, 20_000); // Every keystroke redraws eleven mode controls and the zone list: slow in jsdom.

  it('shows saved settings as saved: address, digest and the chosen modes', () => {
    const saved = settings({
      address: 'olivia@client.test',
      digest: 'hourly',
      timeZone: 'Europe/Berlin',
      modes: emailModes('client', { comment: 'now', mention: 'off' }),
    });
    renderWithProviders(<Card settings={read(saved)} />);
    expect((screen.getByLabelText(/Email address/) as HTMLInputElement).value).toBe(
      'olivia@client.test',
    );
    expect(
      within(screen.getByRole('radiogroup', { name: 'Digest' }))
        .getByRole('radio', { checked: true })
        .getAttribute('value'),
    ).toBe('hourly');
    const zone = screen.getByLabelText('Time zone', { selector: 'input:not([type=hidden])' });
    expect((zone as HTMLInputElement).value).toBe('Europe/Berlin');
    expect(
      within(modeOf('comment')).getByRole('radio', { checked: true }).getAttribute('value'),
    ).toBe('now');
    expect(
      within(modeOf('mention')).getByRole('radio', { checked: true }).getAttribute('value'),
    ).toBe('off');
  });
});
