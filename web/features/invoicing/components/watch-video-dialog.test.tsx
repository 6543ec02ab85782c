import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InvoicingRow } from '@domain/invoicing';
import { renderWithProviders } from '../../../test/render';
import { WatchVideoDialog } from './watch-video-dialog';

const row: InvoicingRow = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Spring promo',
  type: 'vlog',
  link: '',
  status: 'posted',
  clientId: '00000000-0000-4000-8000-000000000002',
  clientName: '',
  assignedEditorId: null,
  editorName: null,
  startDate: null,
  finishDate: '2026-03-04T10:00:00.000Z',
  duration: null,
  paymentAmount: '1234.5',
  paymentStatus: 'unpaid',
  paidDate: null,
  lockedPrice: null,
  typedAmount: null,
  effectivePrice: '1234.50',
  amountSource: 'price',
  retainer: null,
  publishedUrl: null,
  publishedAt: null,
  rounds: 0,
  includedRounds: 2,
  extraRounds: [],
  extraRoundsOwed: '0.00',
  extraRoundsTotal: '0.00',
};

describe('WatchVideoDialog', () => {
  it("says there is nothing to watch when the video has no link, with docs/product.md's placeholders", async () => {
    renderWithProviders(<WatchVideoDialog row={row} onClose={() => undefined} />);
    expect(await screen.findByText('No video available')).toBeTruthy();
    expect(screen.getByText("This video hasn't been uploaded yet.")).toBeTruthy();
    expect(screen.getByText('Client: No client')).toBeTruthy();
    expect(screen.getByText('Editor: No editor assigned')).toBeTruthy();
    expect(screen.getByText('Amount: $1,234.50 (unpaid)')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open video' })).toBeNull();
  });

  it('links to the video on its host when it has one', async () => {
    renderWithProviders(
      <WatchVideoDialog
        row={{ ...row, link: 'https://vimeo.com/123', assignedEditorId: row.clientId }}
        onClose={() => undefined}
      />,
    );
    const open = await screen.findByRole('link', { name: 'Open video' });
    expect(open.getAttribute('href')).toBe('https://vimeo.com/123');
    expect(open.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText('Editor: Unknown Editor')).toBeTruthy();
  });
});
