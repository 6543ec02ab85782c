import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicUser } from '@domain/user';
import { renderWithProviders } from '../../test/render';
import { videoView } from '../../test/videos';
import { VideoCard } from './video-card';
import { DAY_MS } from '@domain/day-counter';

const editor: PublicUser = {
  id: 'client',
  username: 'client',
  name: null,
  role: 'client',
  isAdmin: 'false',
  avatarUrl: null,
  isVip: false,
};
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const H = 3_600_000;

function card(status: string, statusSince: string) {
  renderWithProviders(
    <VideoCard
      video={videoView('1', 'Launch', status, { statusSince })}
      viewer={editor}
      onOpen={() => {}}
    />,
  );
  return screen.getByRole('article', { name: 'Launch' });
}

describe('VideoCard: whose turn', () => {
  it("says it is the agency's turn, and for how long", () => {
    expect(card('in_progress', ago(3 * DAY_MS + H)).textContent).toContain(
      "Agency's turn · 3 days",
    );
  });

  it('says it waits on the client in review', () => {
    expect(card('review', ago(5 * H + 60_000)).textContent).toContain('Waiting on client · 5 h');
  });

  it('says nothing once posted', () => {
    const text = card('posted', ago(H)).textContent;
    expect(text).not.toContain('turn');
    expect(text).not.toContain('Waiting');
  });
});

describe('VideoCard: review rounds (issue 41)', () => {
  const drawn = (rounds: number) => {
    renderWithProviders(
      <VideoCard
        video={videoView('2', 'Teaser', 'review', { rounds, statusSince: ago(H) })}
        viewer={editor}
        onOpen={() => {}}
      />,
    );
    return screen.getByRole('article', { name: 'Teaser' }).textContent;
  };

  it('says which round a video is in', () => {
    expect(drawn(2)).toContain('Round 2');
  });

  it('says nothing of rounds before the first', () => {
    expect(drawn(0)).not.toContain('Round');
  });
});
