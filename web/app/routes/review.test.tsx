import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { GuestVideoView } from '@domain/review-links';
import { GuestVideo } from '../../features/review/components/review-page';
import { PlayerHandle } from '../../lib/player-handle';
import { renderWithProviders } from '../../test/render';
import { GUEST_PARTS, GuestComposer } from './review';

// jsdom has no FontFaceSet, which Mantine's autosizing textarea listens to: an inert stand-in.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {} },
  });
}

/**
 * The guest page's video (issue 41, item 7) as the review route composes it: the version shown,
 * the notice when it replaced the one sent, the notes on earlier versions, and the app's
 * composer with "Comment at" the player's time.
 */
const note = (content: string, extra: Partial<GuestVideoView['comments'][number]> = {}) => ({
  id: content,
  content,
  createdAt: '2026-12-01T10:00:00.000Z',
  author: 'Alex',
  guest: true,
  done: false,
  carriedFrom: null,
  frame: null,
  timecode: null,
  drawing: null,
  parentId: null,
  ...extra,
});

const video = (extra: Partial<GuestVideoView> = {}): GuestVideoView => ({
  id: 'v1',
  name: 'Spring promo',
  type: 'short_form',
  status: 'review',
  frameRate: '30',
  link: 'https://cuts.example.test/v2.mp4',
  description: '',
  dueDate: null,
  version: 2,
  sentVersion: 1,
  notice: 'A newer version (v2) is ready: you were sent v1',
  decision: null,
  canDecide: true,
  comments: [note('0:05 Better now', { carriedFrom: 1 })],
  earlier: [
    {
      version: 1,
      link: 'https://cuts.example.test/v1.mp4',
      decision: { decision: 'changes_requested', by: 'Alex', at: '2026-12-01T09:00:00.000Z' },
      comments: [note('0:12 Logo too small', { done: true })],
    },
  ],
  ...extra,
});

/** A player stand-in that tells time through a real handle: jsdom plays no video. */
function playerAt(seconds: number | null) {
  const handle = new PlayerHandle(true);
  if (seconds !== null) handle.report(seconds);
  const seek = vi.fn();
  handle.attach({ seek });
  const parts = {
    ...GUEST_PARTS,
    Player: ({ children }: { children: (p: ReactNode, h: PlayerHandle) => ReactNode }) =>
      children(<div aria-label="Player" />, handle),
  };
  return { handle, seek, parts };
}

function draw(v: GuestVideoView, onComment = vi.fn(async () => true), seconds: number | null = 83) {
  const { handle, seek, parts } = playerAt(seconds);
  renderWithProviders(
    <GuestVideo
      video={v}
      parts={parts}
      decision={null}
      onComment={onComment}
      commenting={false}
      commentError={null}
    />,
  );
  return { handle, seek, onComment, user: userEvent.setup() };
}

describe('the guest page follows the versions', () => {
  it('says a newer version replaced the one sent, and shows its comments apart from the earlier ones', () => {
    draw(video());
    expect(screen.getByText('A newer version (v2) is ready: you were sent v1')).toBeTruthy();
    expect(screen.getByLabelText('Version: v2')).toBeTruthy();
    expect(screen.getByText('Comments on v2')).toBeTruthy();
    expect(screen.getByText('from v1')).toBeTruthy();
    const earlier = screen.getByRole('region', { name: 'Notes on earlier versions' });
    expect(within(earlier).getByText('v1 (the version you were sent)')).toBeTruthy();
    expect(within(earlier).getByText(/Changes requested by Alex \(guest\)/)).toBeTruthy();
    expect(within(earlier).getByText('Done')).toBeTruthy();
    const open = within(earlier).getByText('Open v1').closest('a');
    expect(open?.getAttribute('href')).toBe('https://cuts.example.test/v1.mp4');
    // The earlier note is not among the version shown's comments.
    expect([...document.querySelectorAll('article')].map((a) => a.textContent)).toEqual([
      expect.stringContaining('Better now'),
      expect.stringContaining('Logo too small'),
    ]);
  });

  it('shows a reply under its first comment (issue 45 part 4)', () => {
    draw(
      video({
        earlier: [],
        comments: [
          note('Logo too small', { guest: false, author: 'Eddie' }),
          note('Second note'),
          note('Bigger, please', { parentId: 'Logo too small' }),
        ],
      }),
    );
    const names = [...document.querySelectorAll('article')].map((a) =>
      a.getAttribute('aria-label'),
    );
    // The reply follows its thread's first comment, not the order it was posted in.
    expect(names).toEqual(['Comment by Eddie', 'Reply by Alex', 'Comment by Alex']);
  });

  it('replies under a first comment with its own composer (issue 45 part 4)', async () => {
    const onReply = vi.fn(async () => true);
    const onComment = vi.fn(async () => true);
    const user = userEvent.setup();
    renderWithProviders(
      <GuestVideo
        video={video({ earlier: [], comments: [note('Logo too small')] })}
        parts={playerAt(83).parts}
        decision={null}
        onComment={onComment}
        onReply={onReply}
        commenting={false}
        commentError={null}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Reply to Alex (guest)' }));
    const field = screen.getByRole('textbox', { name: 'Reply to Alex (guest)' });
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: 'Bigger, please' } });
    await user.click(screen.getByRole('button', { name: 'Reply' }));
    expect(onReply).toHaveBeenCalledWith('Logo too small', { content: 'Bigger, please' });
    expect(onComment).not.toHaveBeenCalled();
    // Posted, the composer goes and the thread's Reply button is back.
    await vi.waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Reply to Alex (guest)' })).toBeNull(),
    );
    expect(screen.getByRole('button', { name: 'Reply to Alex (guest)' })).toBeTruthy();
  });

  it('shows the version sent without a notice or earlier notes', () => {
    draw(video({ version: 1, notice: null, earlier: [], comments: [] }));
    expect(screen.queryByText(/A newer version/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Notes on earlier versions' })).toBeNull();
    expect(screen.getByText('No comments on this version yet.')).toBeTruthy();
    expect(screen.getByLabelText('Version: v1')).toBeTruthy();
  });

  it('names the source as such', () => {
    draw(video({ version: null, sentVersion: null, notice: null, earlier: [] }));
    expect(screen.getByLabelText('Version: Source')).toBeTruthy();
    expect(screen.getByText('Comments on the source')).toBeTruthy();
  });

  it("comments at the player's time: SMPTE at the version's rate, beside the text", async () => {
    const { onComment, user, handle } = draw(video());
    await user.click(screen.getByText('Comment at 00:01:23:00'));
    const time = screen.getByLabelText(/Comment at/) as HTMLInputElement;
    expect(time.value).toBe('00:01:23:00');
    fireEvent.change(screen.getByLabelText('Add a comment'), { target: { value: 'Cut here' } });
    await user.click(screen.getByText('Post comment'));
    expect(onComment).toHaveBeenCalledWith({ content: 'Cut here', time: '00:01:23:00' });
    // The player moves on: the button follows it.
    act(() => handle.report(125));
    expect(screen.getByText('Comment at 00:02:05:00')).toBeTruthy();
  });

  it("seeks the player from a timecode in the version shown's comments", async () => {
    const { seek, user } = draw(video());
    await user.click(screen.getByRole('button', { name: /0:05/ }));
    expect(seek).toHaveBeenCalledWith(5);
  });

  it('offers no mentions to a guest', () => {
    renderWithProviders(
      <GuestComposer onSubmit={vi.fn()} submitting={false} player={null} frameRate="30" />,
    );
    const field = screen.getByRole('textbox', { name: 'Add a comment' });
    expect(field.getAttribute('placeholder')).not.toMatch(/mention/);
  });
});
