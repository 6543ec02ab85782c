import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES, type WebhookList } from '@domain/webhooks';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { EndpointDialog } from './webhook-dialogs';
import { WebhooksView } from './webhooks';

const read = (data: WebhookList) => ({ data, error: null, isError: false });

const endpoint: WebhookList['endpoints'][number] = {
  id: '7d1d7a4e-1f7c-4c55-9a55-2f0c1d1b9e01',
  name: 'Agency Slack',
  url: 'https://hooks.slack.com/services/T0/B0/xyz',
  format: 'slack',
  events: ['video.approved', 'comment.added'],
  enabled: false,
  createdAt: '2026-05-01T09:00:00.000Z',
  lastDelivery: { status: 'failed', statusCode: 500, at: '2026-05-01T10:00:00.000Z' },
};

describe('WebhooksView', () => {
  it('says it is loading, then shows why it could not load', () => {
    const { unmount } = renderWithProviders(
      <WebhooksView query={{ data: undefined, error: null, isError: false }} />,
    );
    expect(screen.getByRole('status').textContent).toContain('Loading webhooks');
    unmount();
    const refused = new ApiError(403, JSON.stringify({ message: WEBHOOK_MESSAGES.kingOnly }), '');
    renderWithProviders(
      <WebhooksView query={{ data: undefined, error: refused, isError: true }} />,
    );
    expect(screen.getByRole('alert').textContent).toContain(WEBHOOK_MESSAGES.kingOnly);
  });

  it('with no endpoint, says so and offers to add one', () => {
    renderWithProviders(
      <WebhooksView query={read({ endpoints: [], settings: { allowPrivate: false } })} />,
    );
    expect(screen.getByText('No webhooks yet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add webhook' })).toBeTruthy();
    expect(
      (screen.getByRole('switch', { name: /Allow private addresses/ }) as HTMLInputElement).checked,
    ).toBe(false);
  });

  it('lists an endpoint: its format, events, state and last delivery; its log folds open', () => {
    renderWithProviders(
      <WebhooksView query={read({ endpoints: [endpoint], settings: { allowPrivate: true } })} />,
    );
    const list = screen.getByRole('list', { name: 'Webhook endpoints' });
    const card = within(list).getByRole('listitem');
    expect(within(card).getByText('Agency Slack')).toBeTruthy();
    expect(within(card).getByText('Slack')).toBeTruthy();
    expect(within(card).getByText('Off')).toBeTruthy();
    expect(within(card).getByText('Approved · Comment added')).toBeTruthy();
    expect(within(card).getByText(/Last delivery: Failed \(HTTP 500\)/)).toBeTruthy();
    const toggle = within(card).getByRole('button', { name: 'Delivery log' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('asks before allowing private addresses', async () => {
    renderWithProviders(
      <WebhooksView query={read({ endpoints: [endpoint], settings: { allowPrivate: false } })} />,
    );
    fireEvent.click(screen.getByRole('switch', { name: /Allow private addresses/ }));
    expect(await screen.findByRole('dialog', { name: 'Allow private addresses?' })).toBeTruthy();
  });

  it('asks before deleting, naming the endpoint', async () => {
    renderWithProviders(
      <WebhooksView query={read({ endpoints: [endpoint], settings: { allowPrivate: false } })} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete webhook' });
    expect(dialog.textContent).toContain('Agency Slack');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });
});

describe('EndpointDialog', () => {
  it("names each problem with the server's own messages before sending anything", () => {
    renderWithProviders(
      <EndpointDialog opened endpoint={null} onClose={() => {}} onCreated={() => {}} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Add webhook' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /URL/ }), {
      target: { value: 'ftp://example.com' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(within(dialog).getByText(WEBHOOK_MESSAGES.name)).toBeTruthy();
    expect(within(dialog).getByText(WEBHOOK_MESSAGES.url)).toBeTruthy();
    expect(within(dialog).getByText(WEBHOOK_MESSAGES.events)).toBeTruthy();
  });

  it('fills in the endpoint being edited', () => {
    renderWithProviders(
      <EndpointDialog opened endpoint={endpoint} onClose={() => {}} onCreated={() => {}} />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Edit webhook' });
    expect((within(dialog).getByRole('textbox', { name: /Name/ }) as HTMLInputElement).value).toBe(
      'Agency Slack',
    );
    expect(
      (within(dialog).getByRole('radio', { name: /^Slack/ }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(
      (within(dialog).getByRole('checkbox', { name: 'Approved' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(
      (within(dialog).getByRole('checkbox', { name: 'Paid' }) as HTMLInputElement).checked,
    ).toBe(false);
  });
});
