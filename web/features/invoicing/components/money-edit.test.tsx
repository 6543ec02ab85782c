import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { formatMoney } from '../lib/format';
import { MoneyEdit } from './money-edit';

describe('formatMoney', () => {
  it('formats the server decimal strings as US dollars, exactly', () => {
    expect(formatMoney('0.1')).toBe('$0.10');
    expect(formatMoney('1234.5')).toBe('$1,234.50');
    // Beyond what a float holds to the cent: the string is formatted as a decimal.
    expect(formatMoney('99999999999999.99')).toBe('$99,999,999,999,999.99');
    expect(formatMoney(null)).toBe('$0.00');
  });
});

describe('MoneyEdit', () => {
  const setup = () => {
    const onSave = vi.fn(async () => true);
    renderWithProviders(
      <MoneyEdit value="12.00" kind="paymentAmount" label="Amount of Clip" onSave={onSave} />,
    );
    return { onSave, user: userEvent.setup() };
  };

  it('shows the amount in dollars and edits it with step 0.01 and minimum 0', async () => {
    const { onSave, user } = setup();
    expect(screen.getByText('$12.00')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Edit amount of clip' }));
    const input = screen.getByRole('spinbutton', { name: 'Amount of Clip' });
    expect(input.getAttribute('step')).toBe('0.01');
    expect(input.getAttribute('min')).toBe('0');
    await user.clear(input);
    await user.type(input, '7.5{Enter}');
    expect(onSave).toHaveBeenCalledWith('7.50');
  });

  it("refuses an empty or negative amount with docs/product.md's messages, without saving", async () => {
    const { onSave, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Edit amount of clip' }));
    const input = screen.getByRole('spinbutton', { name: 'Amount of Clip' });
    await user.clear(input);
    await user.type(input, '{Enter}');
    expect(screen.getByText('Please enter a valid payment amount')).toBeTruthy();
    await user.type(input, '-3{Enter}');
    expect(screen.getByText('Payment amount must be a valid non-negative number')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.getByText('$12.00')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });
});
