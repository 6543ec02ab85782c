import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  API_TOKEN_MESSAGES,
  CALENDAR_FEED_MESSAGES,
  type ApiTokenView,
  type CalendarFeedMade,
  type CalendarFeedState,
  type CreateApiTokenBody,
  type CreatedApiToken,
} from '@domain/api-tokens';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { ApiTokensCard, type ApiTokensRead } from './api-tokens-card';
import { CalendarFeedCard, type CalendarFeedRead } from './calendar-feed-card';

const token = (over: Partial<ApiTokenView> = {}): ApiTokenView => ({
  id: 't1',
  name: 'Nightly export',
  hint: 'vwt_AbCd…',
  createdAt: '2026-12-01T10:00:00.000Z',
  expiresAt: '2026-12-31T10:00:00.000Z',
  lastUsedAt: null,
  expired: false,
  ...over,
});
const read = <T,>(data: T) => ({ data, error: null, isError: false });
const SECRET = `vwt_${'S'.repeat(43)}`;

/** Records the calls the card makes; each answers what the test says. */
function calls() {
  const created: CreateApiTokenBody[] = [];
  const revoked: string[] = [];
  return {
    created,
    revoked,
    create: async (body: CreateApiTokenBody): Promise<CreatedApiToken> => {
      created.push(body);
      return { ...token({ id: 'new', name: body.name }), token: SECRET };
    },
    revoke: async (id: string) => {
      revoked.push(id);
      return { message: 'ok' };
    },
  };
}

function renderTokens(tokens: ApiTokensRead, api = calls()) {
  renderWithProviders(<ApiTokensCard tokens={tokens} create={api.create} revoke={api.revoke} />);
  return api;
}

describe('ApiTokensCard', () => {
  it('says it is loading, then why it could not load, then that there are none', () => {
    const { unmount } = renderWithProviders(
      <ApiTokensCard tokens={{ data: undefined, error: null, isError: false }} {...calls()} />,
    );
    expect(screen.getByRole('status').textContent).toContain('Loading API tokens');
    unmount();
    const refused = new ApiError(401, JSON.stringify({ message: 'Not signed in' }), '');
    const second = renderWithProviders(
      <ApiTokensCard tokens={{ data: undefined, error: refused, isError: true }} {...calls()} />,
    );
    expect(screen.getByRole('alert').textContent).toBe('Not signed in');
    second.unmount();
    renderTokens(read([]));
    expect(screen.getByText(API_TOKEN_MESSAGES.none)).toBeTruthy();
  });

  it('lists each token with its start, dates and a named Revoke button', () => {
    renderTokens(
      read([
        token(),
        token({ id: 't2', name: 'Old', expired: true, lastUsedAt: '2026-12-02T09:00:00.000Z' }),
      ]),
    );
    const list = screen.getByRole('list', { name: 'Your API tokens' });
    const first = within(list).getByRole('listitem', { name: 'Nightly export' });
    expect(first.textContent).toContain('vwt_AbCd…');
    expect(first.textContent).toContain('Never used');
    const old = within(list).getByRole('listitem', { name: 'Old' });
    expect(old.textContent).toContain('Expired');
    expect(old.textContent).toContain('Last used');
    expect(screen.getByRole('button', { name: 'Revoke token Old' }).textContent).toBe('Remove');
  });

  it('creates a named token with the chosen expiry and shows its secret once, with a copy button', async () => {
    const api = renderTokens(read([]));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Token name'), 'CI deploy');
    await user.click(screen.getByRole('combobox', { name: 'Expires in' }));
    await user.click(await screen.findByRole('option', { name: '90 days', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(api.created).toEqual([{ name: 'CI deploy', expiresInDays: 90 }]);
    const shown = await screen.findByLabelText('New token');
    expect(shown.textContent).toBe(SECRET);
    expect(screen.getByText(API_TOKEN_MESSAGES.copyNow)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy token' })).toBeTruthy();
    // The form is empty again for the next one; Done hides the secret for good.
    expect((screen.getByLabelText('Token name') as HTMLInputElement).value).toBe('');
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByLabelText('New token')).toBeNull();
  });

  it('says what is wrong before sending, and shows the server’s refusal', async () => {
    const api = calls();
    const refusing = {
      ...api,
      create: async () => {
        throw new ApiError(409, JSON.stringify({ message: API_TOKEN_MESSAGES.tooMany }), '');
      },
    };
    renderTokens(read([]), refusing);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(await screen.findByText(API_TOKEN_MESSAGES.nameMissing)).toBeTruthy();
    await user.type(screen.getByLabelText('Token name'), 'One more');
    await user.keyboard('{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(API_TOKEN_MESSAGES.tooMany);
  });

  it('takes a new token back with Undo', async () => {
    const api = renderTokens(read([]));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Token name'), 'Oops');
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    await user.click(await screen.findByRole('button', { name: API_TOKEN_MESSAGES.undoCreate }));
    expect(api.revoked).toEqual(['new']);
    await waitFor(() => expect(screen.queryByLabelText('New token')).toBeNull());
  });

  it('revokes only after a confirmation, from the keyboard too; Cancel keeps the token', async () => {
    const api = renderTokens(read([token()]));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Revoke token Nightly export' }));
    let dialog = await screen.findByRole('dialog', { name: API_TOKEN_MESSAGES.revokeTitle });
    expect(dialog.textContent).toContain(API_TOKEN_MESSAGES.revokeConfirm('Nightly export'));
    // Focus starts on Cancel: Enter there keeps the token.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.revoked).toEqual([]);

    screen.getByRole('button', { name: 'Revoke token Nightly export' }).focus();
    await user.keyboard('{Enter}');
    dialog = await screen.findByRole('dialog', { name: API_TOKEN_MESSAGES.revokeTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(api.revoked).toEqual(['t1']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

const FEED_URL = `https://videos.example.com/api/calendar-feed/vwcal_${'F'.repeat(43)}.ics`;

function renderFeed(feed: CalendarFeedRead, fail = false) {
  const made: string[] = [];
  const off: string[] = [];
  renderWithProviders(
    <CalendarFeedCard
      feed={feed}
      reset={async (): Promise<CalendarFeedMade> => {
        if (fail) throw new ApiError(500, JSON.stringify({ message: 'Database down' }), '');
        made.push('made');
        return { active: true, createdAt: '2026-12-06T10:00:00.000Z', url: FEED_URL };
      }}
      turnOff={async () => {
        off.push('off');
        return { message: 'ok' };
      }}
    />,
  );
  return { made, off };
}

describe('CalendarFeedCard', () => {
  it('says it is loading, and why it could not load', () => {
    const { unmount } = renderWithProviders(
      <CalendarFeedCard
        feed={{ data: undefined, error: null, isError: false }}
        reset={async () => ({ active: true, createdAt: '', url: '' })}
        turnOff={async () => null}
      />,
    );
    expect(screen.getByRole('status').textContent).toContain('Loading calendar feed');
    unmount();
    renderFeed({ data: undefined, error: new TypeError('Failed to fetch'), isError: true });
    expect(screen.getByRole('alert').textContent).toBe(CALENDAR_FEED_MESSAGES.loadFailed);
  });

  it('makes an address and shows it with a copy button', async () => {
    const none: CalendarFeedState = { active: false, createdAt: null };
    const calls = renderFeed(read(none));
    expect(screen.getByText(CALENDAR_FEED_MESSAGES.none)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Make feed address' }));
    expect(calls.made).toEqual(['made']);
    expect(((await screen.findByLabelText('Feed address')) as HTMLInputElement).value).toBe(
      FEED_URL,
    );
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeTruthy();
  });

  it('resets an address after a confirmation and shows the new one', async () => {
    const calls = renderFeed(read({ active: true, createdAt: '2026-12-01T10:00:00.000Z' }));
    expect(screen.getByText(/Your feed address was made on/).textContent).toContain(
      CALENDAR_FEED_MESSAGES.shownOnce,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Reset address' }));
    const dialog = await screen.findByRole('dialog', { name: CALENDAR_FEED_MESSAGES.resetTitle });
    expect(dialog.textContent).toContain(CALENDAR_FEED_MESSAGES.resetConfirm);
    expect(calls.made).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Reset address' }));
    expect(calls.made).toEqual(['made']);
    const address = (await screen.findByLabelText('Feed address')) as HTMLInputElement;
    expect(address.value).toBe(FEED_URL);
    expect(address.readOnly).toBe(true);
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeTruthy();
  });

  it('turns the feed off after a confirmation', async () => {
    const calls = renderFeed(read({ active: true, createdAt: '2026-12-01T10:00:00.000Z' }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = await screen.findByRole('dialog', { name: CALENDAR_FEED_MESSAGES.offTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(calls.off).toEqual(['off']);
  });

  it('shows the server’s reason when an address cannot be made', async () => {
    renderFeed(read({ active: false, createdAt: null }), true);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Make feed address' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Database down');
  });
});
