import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { PairDialog, personOption, type PairSide } from './pair-dialog';

const side = (noun: string, ids: string[], more: Partial<PairSide> = {}): PairSide => ({
  noun,
  loading: false,
  options: () => ids.map((id) => ({ value: id, label: `${noun} ${id}` })),
  ...more,
});

function setup(
  props: Partial<Parameters<typeof PairDialog<string>>[0]> = {},
  save = (a: string, b: string) => Promise.resolve(`${a}+${b}`),
) {
  const calls: string[] = [];
  renderWithProviders(
    <PairDialog
      opened
      onClose={() => calls.push('closed')}
      title="Pair them"
      description="Two people"
      first={side('client', ['c1', 'c2'])}
      second={side('editor', ['e1'])}
      pending={false}
      submitLabel="Pair"
      pendingLabel="Pairing..."
      save={save}
      onSaved={(made) => calls.push(made)}
      failure="Pairing failed"
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
  it('names each side from its noun, confirms only when both are picked, then closes', async () => {
    const calls = setup();
    const editor = screen.getByRole('combobox', { name: 'Editor' }) as HTMLInputElement;
    expect(editor.placeholder).toBe('Choose an editor');
    expect(confirm().disabled).toBe(true);
    await pick('Client', 'client c2');
    expect(confirm().disabled).toBe(true);
    await pick('Editor', 'editor e1');
    expect(confirm().disabled).toBe(false);
    await userEvent.click(confirm());
    await screen.findByRole('button', { name: 'Pair' });
    expect(calls).toEqual(['c2+e1', 'closed']);
  });

  it('says it is loading, hides a fixed side, refuses a taken pair', async () => {
    const offered: (string | null)[] = [];
    const calls = setup({
      first: side('client', ['c1'], { fixed: 'c1' }),
      second: side('team lead', [], {
        loading: true,
        options: (other) => {
          offered.push(other);
          return [
            { value: 'e1', label: 'Lead e1', disabled: true },
            { value: 'e2', label: 'Lead e2' },
          ];
        },
      }),
      taken: (a, b) => a === 'c1' && b === 'e1',
    });
    expect(screen.queryByRole('combobox', { name: 'Client' })).toBeNull();
    const lead = screen.getByRole('combobox', { name: 'Team lead' }) as HTMLInputElement;
    expect(lead.placeholder).toBe('Loading team leads...');
    expect(offered).toContain('c1');
    await pick('Team lead', 'Lead e2');
    await userEvent.click(confirm());
    await screen.findByRole('button', { name: 'Pair' });
    expect(calls).toEqual(['c1+e2', 'closed']);
  });

  it('stays open when the pair cannot be made', async () => {
    const calls = setup({}, () => Promise.reject(new Error('Already assigned')));
    await pick('Client', 'client c1');
    await pick('Editor', 'editor e1');
    await userEvent.click(confirm());
    await userEvent.click(screen.getByRole('combobox', { name: 'Client' }));
    expect(calls).toEqual([]);
    expect(screen.getByRole('dialog', { name: 'Pair them' })).toBeTruthy();
  });

  it('cannot be cancelled while the call runs, and says so on its button', () => {
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
