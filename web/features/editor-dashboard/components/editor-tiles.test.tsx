import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { FilterCounts } from '@domain/video-list';
import { renderWithProviders } from '../../../test/render';
import { EditorTiles } from './editor-tiles';

const counts: FilterCounts = {
  all: 12,
  draft: 2,
  in_progress: 5,
  review: 3,
  ready_to_post: 1,
  posted: 1,
};

describe('EditorTiles', () => {
  it('counts the new drafts of the editor’s clients, one click from the list of them', async () => {
    const onPick = vi.fn();
    renderWithProviders(
      <EditorTiles clientCount={2} counts={counts} active="in_progress" onPick={onPick} />,
    );
    const drafts = screen.getByRole('button', { name: 'New Drafts: 2' });
    expect(drafts.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(drafts);
    expect(onPick).toHaveBeenLastCalledWith('draft');
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Total Videos: 12',
      'New Drafts: 2',
      'In Progress: 5',
      'In Review: 3',
      'Ready to Post: 1',
    ]);
  });
});
