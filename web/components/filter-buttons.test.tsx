import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { DensityToggle, FilterButtons, QuickJump } from './filter-buttons';

describe('FilterButtons', () => {
  it('presses the chosen filter only and hands a click back', async () => {
    const picked: string[] = [];
    renderWithProviders(
      <FilterButtons
        label="Filter by role"
        options={[
          { value: 'all', label: 'All Roles' },
          { value: 'editor', label: 'Editors' },
        ]}
        value="all"
        onChange={(v) => picked.push(v)}
      />,
    );
    const group = screen.getByRole('group', { name: 'Filter by role' });
    const pressed = within(group)
      .getAllByRole('button')
      .map((b) => `${b.textContent}:${b.getAttribute('aria-pressed')}`);
    expect(pressed).toEqual(['All Roles:true', 'Editors:false']);
    await userEvent.click(within(group).getByRole('button', { name: 'Editors' }));
    expect(picked).toEqual(['editor']);
  });
});

describe('QuickJump', () => {
  it('offers a button per place and jumps there', async () => {
    const jumped: string[] = [];
    renderWithProviders(
      <QuickJump
        jumps={[
          { label: 'Unassigned', onJump: () => jumped.push('u') },
          { label: 'Assigned', onJump: () => jumped.push('a') },
        ]}
      />,
    );
    expect(screen.getByText('Quick Jump:')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Assigned' }));
    expect(jumped).toEqual(['a']);
  });
});

describe('DensityToggle', () => {
  it('switches between Detailed and Compact', async () => {
    const chosen: boolean[] = [];
    renderWithProviders(
      <DensityToggle label="Team view" compact={false} onChange={(c) => chosen.push(c)} />,
    );
    expect((screen.getByRole('radio', { name: 'Detailed' }) as HTMLInputElement).checked).toBe(
      true,
    );
    await userEvent.click(screen.getByRole('radio', { name: 'Compact' }));
    expect(chosen).toEqual([true]);
  });
});
