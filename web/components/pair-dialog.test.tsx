import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { PairDialog, personOption, type PairSide } from './pair-dialog';

const side = (label: string, ids: string[], more: Partial<PairSide> = {}): PairSide => ({
  label,
  placeholder: `Choose a ${label.toLowerCase()}`,
  nothingFound: 'Nobody',
  options: () => ids.map((id) => ({ value: id, label: `${label} ${id}` })),
  ...more,
});

function setup(props: Partial<Parameters<typeof PairDialog>[0]> = {}) {
  const calls: string[] = [];
  renderWithProviders(
    <PairDialog
      opened
      onClose={() => calls.push('closed')}
      title="Pair them"
      description="Two people"
      first={side('Client', ['c1', 'c2'])}
      second={side('Editor', ['e1'])}
      pending={false}
      submitLabel="Pair"
      pendingLabel="Pairing..."
      onSubmit={(a, b, done) => {
        calls.push(`${a}+${b}`);
        done();
      }}
      {...props}
    />,
  );
  return calls;
}

const pick = async (label: string, option: string) => {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option, hidden: true }));
};
const confirm = () => screen.getByRole('button', { name: 'Pair' }) as HTMLButtonElement;

describe('PairDialog', () => {
  it('confirms only when both sides are picked, then closes', async () => {
    const calls = setup();
    expect(confirm().disabled).toBe(true);
    await pick('Client', 'Client c2');
    expect(confirm().disabled).toBe(true);
    await pick('Editor', 'Editor e1');
    expect(confirm().disabled).toBe(false);
    await userEvent.click(confirm());
    expect(calls).toEqual(['c2+e1', 'closed']);
  });

  it('hides a fixed side, refuses a taken pair and offers the other side its options', async () => {
    const offered: (string | null)[] = [];
    const calls = setup({
      first: side('Client', ['c1'], { fixed: 'c1' }),
      second: side('Editor', ['e1', 'e2'], {
        options: (other) => {
          offered.push(other);
          return [
            { value: 'e1', label: 'Editor e1', disabled: true },
            { value: 'e2', label: 'Editor e2' },
          ];
        },
      }),
      taken: (a, b) => a === 'c1' && b === 'e1',
    });
    expect(screen.queryByRole('combobox', { name: 'Client' })).toBeNull();
    expect(offered).toContain('c1');
    await pick('Editor', 'Editor e2');
    await userEvent.click(confirm());
    expect(calls).toEqual(['c1+e2', 'closed']);
  });

  it('cannot be cancelled while the call runs, and says so on its button', async () => {
    const calls = setup({ pending: true });
    expect(screen.getByRole('button', { name: 'Pairing...' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(calls).toEqual([]);
  });
});

describe('personOption', () => {
  it('names a person by display name and username, then what the dialog adds', () => {
    const ann = { id: 'a1', name: 'Ann', username: 'ann' };
    expect(personOption(ann, ' · 2 editors')).toEqual({
      value: 'a1',
      label: 'Ann (@ann) · 2 editors',
    });
    expect(personOption({ ...ann, name: null }, '', true)).toEqual({
      value: 'a1',
      label: 'ann (@ann)',
      disabled: true,
    });
  });
});
