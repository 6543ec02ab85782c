import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_FILTERS } from '../../../api/invoicing';
import { renderWithProviders } from '../../../test/render';
import { CompletedVideosFilterBar } from './completed-videos-filter-bar';

const row = (paymentStatus: 'paid' | 'unpaid', paymentAmount = '10.00') => ({
  paymentStatus,
  paymentAmount,
});

function renderBar(chosen: ReturnType<typeof row>[]) {
  const onMarkPaid = vi.fn();
  const onMarkUnpaid = vi.fn();
  renderWithProviders(
    <CompletedVideosFilterBar
      filters={DEFAULT_FILTERS}
      onChange={() => {}}
      clients={[]}
      editors={[]}
      types={[]}
      chosen={chosen}
      onMarkPaid={onMarkPaid}
      onMarkUnpaid={onMarkUnpaid}
      markingPaid={false}
    />,
  );
  const button = (name: RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
  return { onMarkPaid, onMarkUnpaid, paid: button(/^Mark Paid/), unpaid: button(/^Mark Unpaid/) };
}

describe('CompletedVideosFilterBar: the bulk payment buttons', () => {
  it('cannot mark an already paid selection paid again, and counts what each would change', () => {
    const { paid, unpaid } = renderBar([row('paid')]);
    expect(paid.disabled).toBe(true);
    expect(paid.textContent).toBe('Mark Paid');
    expect(unpaid.disabled).toBe(false);
    expect(unpaid.textContent).toBe('Mark Unpaid (1)');
  });

  it('cannot mark an unpaid selection unpaid', () => {
    const { paid, unpaid } = renderBar([row('unpaid'), row('unpaid')]);
    expect(paid.disabled).toBe(false);
    expect(paid.textContent).toBe('Mark Paid (2)');
    expect(unpaid.disabled).toBe(true);
  });

  it('counts only the rows a button changes in a mixed selection', async () => {
    const { paid, unpaid, onMarkPaid } = renderBar([row('paid'), row('unpaid'), row('unpaid')]);
    expect(paid.textContent).toBe('Mark Paid (2)');
    expect(unpaid.textContent).toBe('Mark Unpaid (1)');
    await userEvent.click(paid);
    expect(onMarkPaid).toHaveBeenCalledOnce();
    expect(screen.getByText('3 selected · $30.00')).toBeTruthy();
  });

  it("with nothing selected, still answers a click with docs/product.md's No Selection", () => {
    const { paid, unpaid } = renderBar([]);
    expect(paid.disabled).toBe(false);
    expect(unpaid.disabled).toBe(false);
  });
});
