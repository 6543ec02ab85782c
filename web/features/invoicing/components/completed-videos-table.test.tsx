import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { InvoicingRow, InvoicingSortKey } from '@domain/invoicing';
import { renderWithProviders } from '../../../test/render';
import { CompletedVideosTable, ExtraRounds } from './completed-videos-table';

const unpaid: InvoicingRow = {
  id: 'v1',
  name: 'Spring promo',
  type: 'before-after',
  link: 'https://vimeo.com/1',
  status: 'posted',
  clientId: 'c1',
  clientName: 'Bright Smile',
  assignedEditorId: null,
  editorName: null,
  startDate: null,
  finishDate: '2026-03-04T10:00:00.000Z',
  duration: null,
  paymentAmount: '120.00',
  paymentStatus: 'unpaid',
  paidDate: null,
  lockedPrice: null,
  typedAmount: '120.00',
  effectivePrice: '100.00',
  amountSource: 'typed',
  retainer: null,
  publishedUrl: null,
  publishedAt: null,
  rounds: 0,
  includedRounds: 2,
  extraRounds: [],
  extraRoundsOwed: '0.00',
  extraRoundsTotal: '0.00',
};
const paid: InvoicingRow = {
  ...unpaid,
  id: 'v2',
  name: 'Summer promo',
  assignedEditorId: 'e1',
  editorName: 'Sam',
  paymentStatus: 'paid',
  paidDate: '2026-03-10T10:00:00.000Z',
  lockedPrice: '90.00',
  amountSource: 'locked',
};

function setup(chosen: string[] = []) {
  const calls: string[] = [];
  renderWithProviders(
    <CompletedVideosTable
      rows={[unpaid, paid]}
      sort={{ sortBy: 'finishDate', sortOrder: 'desc' }}
      onSort={(key: InvoicingSortKey) => calls.push(`sort ${key}`)}
      allChosen={false}
      someChosen={chosen.length > 0}
      onToggleAll={() => calls.push('all')}
      isChosen={(id) => chosen.includes(id)}
      onToggle={(id) => calls.push(`toggle ${id}`)}
      onWatch={(row) => calls.push(`watch ${row.id}`)}
      onSaveAmount={() => Promise.resolve(true)}
    />,
  );
  return calls;
}

const rowOf = (name: string) =>
  screen.getByRole('checkbox', { name: `Select ${name}` }).closest('tr')!;

describe('CompletedVideosTable', () => {
  it('shows an unpaid row with its editable amount and a paid one with its locked price', () => {
    setup();
    const open = rowOf('Spring promo');
    expect(open.textContent).toContain('Bright Smile');
    expect(open.textContent).toContain('Unassigned');
    expect(open.textContent).toContain('Before & After');
    expect(open.textContent).toContain('Unpaid');
    expect(open.textContent).toContain('set');
    const done = rowOf('Summer promo');
    expect(done.textContent).toContain('Sam');
    expect(done.textContent).toContain('$90.00');
    expect(done.textContent).toContain('Historical price, locked');
    expect(done.textContent).toContain('Paid');
  });

  it('marks the sorted column and hands clicks back: sort, select, select all, watch', async () => {
    const calls = setup(['v2']);
    const finished = screen.getByRole('columnheader', { name: /Finished/ });
    expect(finished.getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: /Client/ }).getAttribute('aria-sort')).toBe(
      null,
    );
    expect(
      (screen.getByRole('checkbox', { name: 'Select Summer promo' }) as HTMLInputElement).checked,
    ).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: /Client/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Spring promo' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all loaded videos' }));
    await userEvent.click(screen.getByRole('button', { name: 'Watch Spring promo' }));
    expect(calls).toEqual(['sort clientName', 'toggle v1', 'all', 'watch v1']);
  });
});

describe('ExtraRounds', () => {
  it("says each extra round and its amount under the video's, and nothing without one", () => {
    const { rerender } = renderWithProviders(
      <ExtraRounds
        rounds={[
          { round: 3, amount: '50.00', paid: true, locked: true },
          { round: 4, amount: '12.50', paid: false, locked: false },
        ]}
      />,
    );
    expect(screen.getByText('Round 3 · extra $50.00 · paid')).toBeTruthy();
    expect(screen.getByText('Round 4 · extra $12.50')).toBeTruthy();
    rerender(<ExtraRounds rounds={[]} />);
    expect(screen.queryByText(/^Round/)).toBeNull();
  });
});
