import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Agency } from '@domain/invoices';
import type { RetainerBody } from '@domain/retainers';
import { renderWithProviders } from '../../../test/render';
import { AgencyDetailsForm } from './agency-details-card';
import { RetainerForm } from './client-billing-section';

/** Puts `value` in the field as typing does (one change event: the form is large, typing slow). */
const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

const details: Agency = {
  name: 'Northwind Video',
  address: '1 Main St',
  taxId: 'EU-777',
  logo: null,
  paymentTermsDays: 30,
  paymentInstructions: 'IBAN 123',
  currency: 'USD',
  taxRate: null,
  includedRounds: 2,
  roundFeeKind: 'flat',
  roundFee: '0.00',
  frameRate: '30',
};

// The agency form is the largest on the page: a render and a few changes take seconds on a
// loaded two-core machine, past the web project's default 5 s.
describe('AgencyDetailsForm', { timeout: 20_000 }, () => {
  it('saves the whole record with what was typed, amounts as two-decimal strings', () => {
    const onSave = vi.fn<(body: Agency) => void>();
    renderWithProviders(<AgencyDetailsForm details={details} onSave={onSave} saving={false} />);
    type(screen.getByLabelText('Agency name'), 'Southwind');
    type(screen.getByLabelText('Tax rate (%)'), '8.25');
    type(screen.getByLabelText('Extra round fee amount'), '50');
    fireEvent.click(screen.getByRole('button', { name: 'Save agency details' }));
    expect(onSave).toHaveBeenCalledWith({
      ...details,
      name: 'Southwind',
      taxRate: '8.25',
      roundFee: '50.00',
    });
  });

  it('says what is wrong beside the field and does not save', () => {
    const onSave = vi.fn();
    renderWithProviders(<AgencyDetailsForm details={details} onSave={onSave} saving={false} />);
    type(screen.getByLabelText('Payment terms (days)'), '400');
    type(screen.getByLabelText('Tax rate (%)'), '101');
    fireEvent.click(screen.getByRole('button', { name: 'Save agency details' }));
    expect(screen.getByText('Payment terms must be a whole number from 0 to 365')).toBeTruthy();
    expect(
      screen.getByText('Tax rate must be a percentage from 0 to 100, two decimals at most'),
    ).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });
});

describe('RetainerForm', { timeout: 20_000 }, () => {
  it('starts a retainer with a total allowance from the chosen month', () => {
    const onSave = vi.fn<(body: RetainerBody) => void>();
    renderWithProviders(
      <RetainerForm retainer={null} typeNames={[]} currency="EUR" onSave={onSave} saving={false} />,
    );
    type(screen.getByLabelText('Monthly fee (EUR)'), '500');
    type(screen.getByLabelText('Allowance (videos a month)'), '10');
    fireEvent.click(screen.getByRole('button', { name: 'Start retainer' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    const body = onSave.mock.calls[0]![0];
    expect(body).toMatchObject({
      monthlyFee: '500.00',
      allowance: 10,
      rolloverMax: 0,
      rolloverMonths: 0,
      endMonth: null,
    });
    expect(body.startMonth).toMatch(/^\d{4}-\d{2}$/);
  });

  it('a started retainer keeps its start month: the change does not send one', () => {
    const onSave = vi.fn<(body: RetainerBody) => void>();
    const terms = {
      effectiveFrom: '2020-01',
      monthlyFee: '400.00',
      allowance: 8,
      allowanceByType: null,
      rolloverMax: 1,
      rolloverMonths: 1,
    };
    renderWithProviders(
      <RetainerForm
        retainer={{
          clientId: 'c1',
          startMonth: '2020-01',
          endMonth: null,
          terms,
          nextTerms: null,
          thisMonth: null,
        }}
        typeNames={[]}
        currency="USD"
        onSave={onSave}
        saving={false}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save retainer' }));
    expect(onSave).toHaveBeenCalledWith({
      monthlyFee: '400.00',
      allowance: 8,
      rolloverMax: 1,
      rolloverMonths: 1,
      startMonth: undefined,
      endMonth: null,
    });
  });
});
