import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { InvoiceDocument, type InvoiceDocumentData } from './invoice-document';

const invoice: InvoiceDocumentData = {
  currency: 'EUR',
  seller: {
    name: 'Northwind Video',
    address: '1 Main St\nSpringfield',
    taxId: 'EU-777',
    logo: null,
    paymentInstructions: 'IBAN DE00 1234',
  },
  buyer: { name: 'Acme GmbH', address: 'Hauptstr. 5', taxId: 'DE-1', email: 'ap@acme.test' },
  lines: [
    { kind: 'video', description: 'Launch film', amount: '1200.00', paid: true },
    { kind: 'extra_round', description: 'Extra revision round 3', amount: '50.00' },
    { kind: 'retainer_fee', description: 'Retainer · March 2027', amount: '500.00' },
  ],
  subtotal: '1750.00',
  taxRate: '8.25',
  tax: '144.38',
  total: '1894.38',
  issued: {
    number: 7,
    issueDate: '2027-04-01',
    dueDate: '2027-05-01',
    paid: '1200.00',
    balance: '694.38',
    status: 'overdue',
  },
};

describe('InvoiceDocument', () => {
  it('prints the seller, buyer, number, dates, lines and totals in the invoice currency', () => {
    renderWithProviders(<InvoiceDocument invoice={invoice} />);
    expect(screen.getByText('INV-0007')).toBeTruthy();
    expect(screen.getByText('Issued Apr 1, 2027')).toBeTruthy();
    expect(screen.getByText('Due May 1, 2027')).toBeTruthy();
    expect(screen.getByText('Overdue')).toBeTruthy();
    expect(screen.getByText('Northwind Video')).toBeTruthy();
    expect(screen.getByText('Springfield')).toBeTruthy();
    expect(screen.getByText('Tax ID: EU-777')).toBeTruthy();
    expect(screen.getByText('Acme GmbH')).toBeTruthy();
    expect(screen.getByText('ap@acme.test')).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Invoice lines' })).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      '#DescriptionKindAmount',
      '1Launch filmPaidVideo€1,200.00',
      '2Extra revision round 3Extra round€50.00',
      '3Retainer · March 2027Retainer€500.00',
    ]);
    expect(screen.getByText('Tax (8.25%)').nextSibling?.textContent).toBe('€144.38');
    expect(screen.getByText('Total').nextSibling?.textContent).toBe('€1,894.38');
    expect(screen.getByText('Balance due').nextSibling?.textContent).toBe('€694.38');
    expect(screen.getByText('IBAN DE00 1234')).toBeTruthy();
  });

  it('a preview has no number, dates, payments nor tax line without a rate', () => {
    renderWithProviders(
      <InvoiceDocument
        invoice={{ ...invoice, issued: undefined, taxRate: null, tax: '0.00', total: '1750.00' }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Invoice preview' })).toBeTruthy();
    expect(screen.queryByText(/^INV-/)).toBeNull();
    expect(screen.queryByText(/^Tax \(/)).toBeNull();
    expect(screen.queryByText('Balance due')).toBeNull();
    expect(screen.getByText('Total').nextSibling?.textContent).toBe('€1,750.00');
  });
});
