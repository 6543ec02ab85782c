import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { InvoiceList, RetainerCard } from './client-money';

describe("the client's money on the dashboard", () => {
  it("says the retainer's month in one line, and nothing without a retainer", () => {
    const { rerender } = renderWithProviders(
      <RetainerCard
        retainer={{
          month: '2026-12',
          allowance: 10,
          rolledOver: 2,
          used: 7,
          left: 5,
          overage: 0,
          resetsOn: '2027-01-01',
        }}
      />,
    );
    const card = screen.getByRole('region', { name: 'Your retainer' });
    expect(card.textContent).toBe(
      'Your retainer:7 of 10 this month · 2 rolled over · resets on 1 January',
    );
    rerender(<RetainerCard retainer={null} />);
    expect(screen.queryByRole('region', { name: 'Your retainer' })).toBeNull();
  });

  it('lists the invoices with their status and a PDF download of their own route', () => {
    renderWithProviders(
      <InvoiceList
        invoices={[
          {
            id: 'inv-1',
            number: 12,
            label: 'INV-0012',
            clientId: 'c1',
            clientName: 'Acme',
            issueDate: '2027-04-01',
            dueDate: '2027-05-01',
            currency: 'GBP',
            subtotal: '1750.00',
            taxRate: '8.25',
            tax: '144.38',
            total: '1894.38',
            paid: '0.00',
            balance: '1894.38',
            status: 'open',
            emailedAt: null,
            createdAt: '2027-04-01T09:00:00.000Z',
          },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Your invoices' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row.textContent).toBe('INV-0012£1,894.38OpenDownloadMay 1, 2027Apr 1, 2027');
    const link = within(row).getByRole('link', { name: 'Download INV-0012 PDF' });
    expect(link.getAttribute('href')).toBe('/api/me/invoices/inv-1/pdf');
    expect(link.getAttribute('download')).toBe('INV-0012.pdf');
  });

  it('says so when there are no invoices', () => {
    renderWithProviders(<InvoiceList invoices={[]} />);
    expect(screen.getByText('No invoices yet.')).toBeTruthy();
  });
});
