import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CommentView } from '@domain/comments';
import { renderWithProviders } from '../../../test/render';
import { CommentItem } from './comment-item';

const comment = (more: Partial<CommentView> = {}): CommentView => ({
  id: 'c1',
  content: 'Logo too small at 0:03',
  createdAt: '2026-12-01T10:00:00.000Z',
  userId: 'u1',
  videoId: 'v',
  author: { id: 'u1', name: 'Olivia', username: 'olivia', avatarUrl: null, role: 'client' },
  guestName: null,
  version: 2,
  doneAt: null,
  doneBy: null,
  carriedFrom: null,
  frame: null,
  timecode: null,
  drawing: null,
  parentId: null,
  ...more,
});

const draw = (c: CommentView, onToggleDone?: () => void) =>
  renderWithProviders(
    <CommentItem
      comment={c}
      now={new Date('2026-12-02T10:00:00.000Z')}
      videoLink={null}
      focused={false}
      mentionable={null}
      onToggleDone={onToggleDone}
    />,
  );

describe('a note on a version (issue 41)', () => {
  it('says where a carried note came from', () => {
    draw(comment({ carriedFrom: 1 }));
    expect(screen.getByRole('article').textContent).toContain('from v1');
  });

  it('an open note offers Done; a done one says so and offers Reopen', async () => {
    const toggle = vi.fn();
    const { unmount } = draw(comment(), toggle);
    expect(screen.getByRole('article').textContent).not.toContain('from v');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Mark note by Olivia done' }));
    expect(toggle).toHaveBeenCalledOnce();
    unmount();
    draw(
      comment({ doneAt: '2026-12-02T09:00:00.000Z', doneBy: { id: 'e', name: 'Eddie' } }),
      toggle,
    );
    expect(screen.getByRole('article').dataset.done).toBe('true');
    expect(screen.getByRole('button', { name: 'Reopen note by Olivia' })).toBeTruthy();
  });

  it('offers no Done button to someone who may not tick it off', () => {
    draw(comment());
    expect(screen.queryByRole('button', { name: /done/i })).toBeNull();
  });
});
