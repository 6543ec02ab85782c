import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { DialogButtons, GuardedModal } from './guarded-modal';

function setup(pending: boolean, confirm?: () => void) {
  const calls: string[] = [];
  renderWithProviders(
    <GuardedModal opened onClose={() => calls.push('close')} title="Delete User" pending={pending}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          calls.push('submit');
        }}
      >
        <DialogButtons
          onCancel={() => calls.push('cancel')}
          pending={pending}
          label="Delete User"
          pendingLabel="Deleting..."
          onConfirm={confirm}
        />
      </form>
    </GuardedModal>,
  );
  return calls;
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('GuardedModal and DialogButtons', () => {
  it('submits the form, cancels and closes on Escape while nothing runs', async () => {
    const calls = setup(false);
    await userEvent.click(button('Delete User'));
    await userEvent.click(button('Cancel'));
    await userEvent.keyboard('{Escape}');
    expect(calls).toEqual(['submit', 'cancel', 'close']);
  });

  it('calls its own confirm instead of submitting when given one', async () => {
    const confirmed: string[] = [];
    const calls = setup(false, () => confirmed.push('confirm'));
    await userEvent.click(button('Delete User'));
    expect(confirmed).toEqual(['confirm']);
    expect(calls).toEqual([]);
  });

  it('cannot be closed or used while the call runs, and says it is running', async () => {
    const calls = setup(true);
    expect(button('Deleting...').disabled).toBe(true);
    expect(button('Cancel').disabled).toBe(true);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(button('Close dialog'));
    expect(calls).toEqual([]);
  });
});
