import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CommentView } from '@domain/comments';
import { renderWithProviders } from '../../../test/render';
import { CommentThread, moreRepliesLabel } from './comment-thread';

const view = (id: string, parentId: string | null): CommentView => ({
  id,
  content: `Words of ${id}`,
  createdAt: '2026-12-01T10:00:00.000Z',
  userId: 'u1',
  videoId: 'v',
  author: { id: 'u1', name: 'Olivia', username: 'olivia', avatarUrl: null, role: 'client' },
  guestName: null,
  version: null,
  doneAt: null,
  doneBy: null,
  carriedFrom: null,
  frame: null,
  timecode: null,
  drawing: null,
  parentId,
});

const thread = (replies: number) => ({
  comment: view('first', null),
  replies: Array.from({ length: replies }, (_, i) => view(`r${i + 1}`, 'first')),
});

const draw = (replies: number, focusedId: string | null = null) =>
  renderWithProviders(
    <CommentThread
      thread={thread(replies)}
      focusedId={focusedId}
      composer={null}
      renderComment={(c) => <p>{c.content}</p>}
    />,
  );

describe('CommentThread (issue 45 part 4)', () => {
  it('shows three replies without a button', () => {
    draw(3);
    expect(screen.getAllByText(/^Words of r/)).toHaveLength(3);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('shows the newest three past three, the others behind "Show N more replies"', async () => {
    draw(5);
    expect(screen.getAllByText(/^Words of r/).map((p) => p.textContent)).toEqual([
      'Words of r3',
      'Words of r4',
      'Words of r5',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Show 2 more replies' }));
    expect(screen.getAllByText(/^Words of r/)).toHaveLength(5);
    expect(moreRepliesLabel(1)).toBe('Show 1 more reply');
  });

  it('opens from the start when the reply a notification points at is hidden', () => {
    draw(5, 'r1');
    expect(screen.getAllByText(/^Words of r/)).toHaveLength(5);
  });
});
