import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderEmail, type OutboxView } from '@domain/email';
import { ApiError } from '../../../lib/api-client';
import { drawAtWidth, renderWithProviders } from '../../../test/render';
import { OutboxPanel } from './email-outbox';

type Message = OutboxView['messages'][number];

/** A message as the server lists it, its bodies rendered as the worker renders them. */
function message(over: Partial<Message> & Pick<Message, 'id' | 'toAddress'>): Message {
  const email = renderEmail(
    {
      kind: 'mention',
      title: 'You were mentioned',
      message: 'Eddie mentioned you on "Spring promo"',
      link: 'https://videos.example/videos/v1',
    },
    'https://videos.example/unsubscribe?token=t',
  );
  return {
    kind: 'mention',
    subject: email.subject,
    textBody: email.text,
    status: 'pending',
    attempts: 0,
    lastError: null,
    createdAt: '2026-05-01T09:00:00.000Z',
    sentAt: null,
    nextAttemptAt: '2026-05-01T09:00:00.000Z',
    ...over,
  };
}

const read = (data: OutboxView) => ({ data, error: null, isError: false });

describe('OutboxPanel', () => {
  it('says it is loading while the outbox is read', () => {
    renderWithProviders(<OutboxPanel outbox={{ data: undefined, error: null, isError: false }} />);
    expect(screen.getByRole('status').textContent).toContain('Loading the outbox');
    expect(screen.queryByText(/No email yet/)).toBeNull();
  });

  it("shows the server's reason when the outbox cannot be read, and a plain one otherwise", () => {
    const refused = new ApiError(
      503,
      JSON.stringify({ message: 'The database is unavailable, please try again shortly' }),
      'Service Unavailable',
    );
    const { unmount } = renderWithProviders(
      <OutboxPanel outbox={{ data: undefined, error: refused, isError: true }} />,
    );
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Failed to fetch the outbox')).toBeTruthy();
    expect(alert.textContent).toContain('The database is unavailable, please try again shortly');
    unmount();

    const offline = new TypeError('Failed to fetch');
    renderWithProviders(
      <OutboxPanel outbox={{ data: undefined, error: offline, isError: true }} />,
    );
    expect(screen.getByRole('alert').textContent).toContain('The outbox could not be loaded.');
  });

  it('says there is no email yet, and that nothing is sent without SMTP', () => {
    renderWithProviders(<OutboxPanel outbox={read({ delivering: false, messages: [] })} />);
    expect(
      screen.getByText('No email yet. Messages appear here when someone is notified.'),
    ).toBeTruthy();
    expect(screen.getByText('Email is not being sent')).toBeTruthy();
    expect(screen.getByText(/Set SMTP_URL and MAIL_FROM and restart/)).toBeTruthy();
  });

  it('with SMTP and nothing yet, shows only the empty state', () => {
    renderWithProviders(<OutboxPanel outbox={read({ delivering: true, messages: [] })} />);
    expect(screen.getByText(/No email yet/)).toBeTruthy();
    expect(screen.queryByText('Email is not being sent')).toBeNull();
    expect(screen.queryByText(/not delivered/)).toBeNull();
  });

  it('lists each message newest first: to whom, subject, first line, status and why it failed', () => {
    const messages = [
      message({
        id: 'm3',
        toAddress: 'olivia@client.test',
        status: 'failed',
        attempts: 5,
        lastError: '550 Mailbox unavailable',
      }),
      message({
        id: 'm2',
        toAddress: 'eddie@agency.test',
        status: 'pending',
        attempts: 2,
        lastError: 'Greylisted, try later',
        nextAttemptAt: '2026-05-01T09:05:00.000Z',
      }),
      message({
        id: 'm1',
        toAddress: 'king@agency.test',
        status: 'sent',
        attempts: 2,
        // An error from an earlier attempt is no news once the message went out.
        lastError: 'Connection timed out',
        sentAt: '2026-05-01T09:02:00.000Z',
      }),
    ];
    renderWithProviders(<OutboxPanel outbox={read({ delivering: true, messages })} />);

    expect(screen.getByText('1 email not delivered')).toBeTruthy();
    expect(screen.queryByText('Email is not being sent')).toBeNull();
    const addresses = screen.getAllByText(/@(client|agency)\.test$/).map((e) => e.textContent);
    expect(addresses).toEqual(['olivia@client.test', 'eddie@agency.test', 'king@agency.test']);
    expect(screen.getAllByText('You were mentioned: Spring promo')).toHaveLength(3);
    expect(screen.getAllByText('Eddie mentioned you on "Spring promo"')).toHaveLength(3);

    expect(screen.getByText('Failed')).toBeTruthy();
    expect(screen.getByText('5 attempts')).toBeTruthy();
    expect(screen.getByText('550 Mailbox unavailable')).toBeTruthy();
    expect(screen.getByText('Waiting')).toBeTruthy();
    expect(screen.getByText(/^2 attempts, next /)).toBeTruthy();
    expect(screen.getByText('Greylisted, try later')).toBeTruthy();
    expect(screen.getByText('Sent')).toBeTruthy();
    expect(screen.getByText(/^sent /)).toBeTruthy();
    expect(screen.queryByText('Connection timed out')).toBeNull();
  });

  it('names a waiting message "Kept (not sent)" when nothing is being sent', () => {
    const kept = message({ id: 'm1', toAddress: 'olivia@client.test' });
    renderWithProviders(<OutboxPanel outbox={read({ delivering: false, messages: [kept] })} />);
    expect(screen.getByText('Kept (not sent)')).toBeTruthy();
    expect(screen.queryByText('Waiting')).toBeNull();
    expect(screen.queryByText(/attempt/)).toBeNull();
  });

  it('stacks each message in a card of its own on a phone (jsdom matches no min-width)', () => {
    const messages = [
      message({ id: 'm2', toAddress: 'olivia@client.test', subject: 'Second' }),
      message({ id: 'm1', toAddress: 'eddie@agency.test', subject: 'First', status: 'sent' }),
    ];
    renderWithProviders(<OutboxPanel outbox={read({ delivering: true, messages })} />);
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Email outbox' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    const second = within(list).getByRole('article', { name: 'Second' });
    expect(within(second).getByText('olivia@client.test')).toBeTruthy();
    expect(within(second).getByText('Waiting')).toBeTruthy();
    const first = within(list).getByRole('article', { name: 'First' });
    expect(within(first).getByText('eddie@agency.test')).toBeTruthy();
    expect(within(first).getByText('Sent')).toBeTruthy();
  });

  it('draws, on the server, the layout of the width it draws for: cards at 390 px, a table at 1280', () => {
    const messages = [message({ id: 'm1', toAddress: 'olivia@client.test', subject: 'First' })];
    const panel = <OutboxPanel outbox={read({ delivering: true, messages })} />;
    const phone = drawAtWidth(panel, 390);
    expect(phone.querySelector('table')).toBeNull();
    expect(within(phone).getByRole('list', { name: 'Email outbox' })).toBeTruthy();
    const desktop = drawAtWidth(panel, 1280);
    expect(desktop.querySelector('table')).not.toBeNull();
    expect(within(desktop).queryByRole('list', { name: 'Email outbox' })).toBeNull();
  });

  it('names the count of failures in the plural', () => {
    const failed = (id: string) =>
      message({ id, toAddress: `${id}@client.test`, status: 'failed', attempts: 5 });
    renderWithProviders(
      <OutboxPanel outbox={read({ delivering: true, messages: [failed('a'), failed('b')] })} />,
    );
    expect(screen.getByText('2 emails not delivered')).toBeTruthy();
  });
});
