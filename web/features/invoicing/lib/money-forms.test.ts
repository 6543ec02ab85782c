import { describe, expect, it } from 'vitest';
import type { Agency } from '@domain/invoices';
import {
  agencyBody,
  agencyFormValues,
  billingBody,
  billingFormValues,
  retainerBody,
  retainerFormValues,
  roundsBody,
} from './money-forms';

const agency: Agency = {
  name: 'Northwind Video',
  address: '1 Main St\nSpringfield',
  taxId: 'US-123',
  logo: null,
  paymentTermsDays: 30,
  paymentInstructions: 'IBAN 123',
  currency: 'EUR',
  taxRate: '8.25',
  includedRounds: 2,
  roundFeeKind: 'flat',
  roundFee: '50.00',
  frameRate: '29.97df',
};

describe('the agency details form', () => {
  it('sends back what it was given, amounts as two-decimal strings', () => {
    const read = agencyBody(agencyFormValues(agency));
    expect(read).toEqual({ ok: true, body: agency });
    const typed = agencyBody({ ...agencyFormValues(agency), roundFee: '7.5', taxRate: '' });
    expect(typed.ok && typed.body.roundFee).toBe('7.50');
    expect(typed.ok && typed.body.taxRate).toBeNull();
  });

  it('refuses what the server would, field by field', () => {
    const read = agencyBody({
      ...agencyFormValues(agency),
      paymentTermsDays: '400',
      currency: 'EU',
      taxRate: '100.01',
      includedRounds: '1.5',
      roundFeeKind: 'percent',
      roundFee: '101',
    });
    expect(read.ok).toBe(false);
    expect(!read.ok && Object.keys(read.errors).sort()).toEqual([
      'currency',
      'includedRounds',
      'paymentTermsDays',
      'roundFee',
      'taxRate',
    ]);
  });
});

describe('round pricing overrides', () => {
  it('empty fields are the next level (null), the fee kind and fee go together', () => {
    expect(roundsBody({ includedRounds: '', roundFeeKind: '', roundFee: '' })).toEqual({
      ok: true,
      body: { includedRounds: null, roundFeeKind: null, roundFee: null },
    });
    expect(roundsBody({ includedRounds: '3', roundFeeKind: 'percent', roundFee: '12.5' })).toEqual({
      ok: true,
      body: { includedRounds: 3, roundFeeKind: 'percent', roundFee: '12.50' },
    });
    expect(roundsBody({ includedRounds: '-1', roundFeeKind: 'flat', roundFee: 'x' }).ok).toBe(
      false,
    );
  });

  it("a client's billing details check the email", () => {
    const values = billingFormValues({
      companyName: 'Acme',
      billingAddress: '',
      taxId: '',
      billingEmail: 'not-an-email',
      includedRounds: null,
      deliveryMode: 'on_approval',
      roundFeeKind: null,
      roundFee: null,
    });
    expect(billingBody(values).ok).toBe(false);
    expect(billingBody({ ...values, billingEmail: ' ap@acme.test ' })).toEqual({
      ok: true,
      body: {
        companyName: 'Acme',
        billingAddress: '',
        taxId: '',
        billingEmail: 'ap@acme.test',
        includedRounds: null,
        roundFeeKind: null,
        roundFee: null,
      },
    });
  });
});

describe('the retainer form', () => {
  it('a new retainer: a total allowance from this month, no end', () => {
    const values = {
      ...retainerFormValues(null, '2027-03'),
      monthlyFee: '500',
      allowance: '10',
      rolloverMax: '3',
      rolloverMonths: '2',
    };
    expect(retainerBody(values)).toEqual({
      ok: true,
      body: {
        monthlyFee: '500.00',
        allowance: 10,
        rolloverMax: 3,
        rolloverMonths: 2,
        startMonth: '2027-03',
        endMonth: null,
      },
    });
  });

  it('a per-type allowance keys the counts by type name; every row needs a type', () => {
    const terms = {
      effectiveFrom: '2027-01',
      monthlyFee: '900.00',
      allowance: null,
      allowanceByType: { short: 4, vlog: 2 },
      rolloverMax: 0,
      rolloverMonths: 0,
    };
    const retainer = {
      clientId: 'c1',
      startMonth: '2027-01',
      endMonth: '2027-12',
      terms: { ...terms, monthlyFee: '800.00' },
      // A change set for a later month is what the form edits.
      nextTerms: terms,
      thisMonth: null,
    };
    const values = retainerFormValues(retainer, '2027-03');
    expect(values.allowanceKind).toBe('byType');
    const read = retainerBody(values);
    expect(read.ok && read.body.allowanceByType).toEqual({ short: 4, vlog: 2 });
    expect(read.ok && read.body.monthlyFee).toBe('900.00');
    expect(read.ok && read.body.allowance).toBeUndefined();
    const missing = retainerBody({ ...values, byType: [{ type: '', count: '2' }] });
    expect(!missing.ok && missing.errors['byType.0.type']).toBe(
      'Choose a video type for each allowance',
    );
    const backwards = retainerBody({ ...values, endMonth: '2026-12' });
    expect(!backwards.ok && backwards.errors.endMonth).toBe(
      'The end month must not be before the start month',
    );
  });
});
