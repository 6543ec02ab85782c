import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { filterCounts } from '@domain/video-list';
import { renderWithProviders } from '../test/render';
import { FoldingTiles, statusSummary } from './folding-tiles';

describe('FoldingTiles', () => {
  it('opens from the keyboard (aria-expanded) and folds again when a tile is picked', async () => {
    const picked: string[] = [];
    renderWithProviders(
      <FoldingTiles
        summary={[{ label: 'Total Videos', value: 3 }]}
        onPick={(v: string) => picked.push(v)}
      >
        {(pick) => <button onClick={() => pick('draft')}>Draft: 1</button>}
      </FoldingTiles>,
    );
    const row = screen.getByRole('button', { name: /All tiles$/ });
    const tiles = document.getElementById(row.getAttribute('aria-controls')!)!;
    expect(row.getAttribute('aria-expanded')).toBe('false');
    expect(tiles.hasAttribute('data-open')).toBe(false);

    row.focus();
    await userEvent.keyboard('{Enter}');
    expect(row.getAttribute('aria-expanded')).toBe('true');
    expect(tiles.hasAttribute('data-open')).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Draft: 1' }));
    expect(picked).toEqual(['draft']);
    expect(row.getAttribute('aria-expanded')).toBe('false');
    expect(tiles.hasAttribute('data-open')).toBe(false);
  });

  it.each([
    ['all', [{ label: 'Total Videos', value: 2 }]],
    [
      'draft',
      [
        { label: 'Draft', value: 1 },
        { label: 'Total Videos', value: 2 },
      ],
    ],
  ] as const)('sums up the %s filter', (active, expected) => {
    const counts = filterCounts([{ status: 'draft' }, { status: 'posted' }]);
    expect(statusSummary(counts, active)).toEqual(expected);
  });
});
