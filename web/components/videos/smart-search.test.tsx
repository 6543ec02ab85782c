import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { SmartSearch } from './smart-search';

const RECENT = ['one', 'two', 'three', 'four', 'five', 'six', 'seven'];
const NAMES = ['Promo A', 'Promo B', 'Promo C', 'Promo D', 'Promo E', 'Promo F', 'Other'];

function Harness(props: { onSmartPick?: () => void; recent?: string[] }) {
  const [value, setValue] = useState('');
  return (
    <SmartSearch
      value={value}
      onChange={setValue}
      videoNames={NAMES}
      recentSearches={props.recent ?? RECENT}
      onSmartPick={props.onSmartPick}
    />
  );
}

const options = () => screen.queryAllByRole('option').map((o) => o.textContent);

describe('SmartSearch suggestions', () => {
  it('shows nothing until the box has focus', () => {
    renderWithProviders(<Harness />);
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('on focus with an empty box: up to 5 recent searches, then the smart ones, at most 8', async () => {
    renderWithProviders(<Harness />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Search videos' }));
    const list = options();
    expect(list).toHaveLength(8);
    expect(list.slice(0, 5)).toEqual([
      'oneRecent',
      'twoRecent',
      'threeRecent',
      'fourRecent',
      'fiveRecent',
    ]);
    expect(list.slice(5)).toEqual([
      'Ready consultation videosSmart',
      'Action reels to postSmart',
      'Voice-over work queueSmart',
    ]);
  });

  it('while typing: up to 5 matching names plus up to 3 matching recent searches', async () => {
    renderWithProviders(<Harness recent={['promo x', 'promo y', 'promo z', 'promo w', 'zzz']} />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Search videos' }), 'promo');
    expect(options()).toEqual([
      'Promo AVideo',
      'Promo BVideo',
      'Promo CVideo',
      'Promo DVideo',
      'Promo EVideo',
      'promo xRecent',
      'promo yRecent',
      'promo zRecent',
    ]);
  });

  it('picks with the keyboard; a smart suggestion sets filters instead of text', async () => {
    const onSmartPick = vi.fn();
    renderWithProviders(<Harness onSmartPick={onSmartPick} recent={[]} />);
    const box = screen.getByRole('combobox', { name: 'Search videos' });
    await userEvent.click(box);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(onSmartPick).toHaveBeenCalledWith(
      expect.objectContaining({ text: 'Action reels to post', filter: 'ready_to_post' }),
    );
    expect((box as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('hides the list 150 ms after the box loses focus, not before', () => {
    vi.useFakeTimers();
    try {
      renderWithProviders(<Harness />);
      const box = screen.getByRole('combobox', { name: 'Search videos' });
      fireEvent.focus(box);
      expect(screen.getByRole('listbox')).toBeTruthy();
      fireEvent.blur(box);
      act(() => vi.advanceTimersByTime(149));
      expect(screen.getByRole('listbox')).toBeTruthy();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.queryByRole('listbox')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
