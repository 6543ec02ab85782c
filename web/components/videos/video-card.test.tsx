import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicUser } from '@domain/user';
import { renderWithProviders } from '../../test/render';
import { videoView } from '../../test/videos';
import { VideoCard } from './video-card';
import { DAY_MS } from '@domain/day-counter';

const person = (id: string, role: PublicUser['role']): PublicUser => ({
  id,
  username: id,
  name: null,
  role,
  isAdmin: 'false',
  avatarUrl: null,
  isVip: false,
});
const client = person('client', 'client');
const editor = person('editor', 'editor');
const lead = person('lead', 'lead_editor');
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const H = 3_600_000;

function card(status: string, statusSince: string, viewer = client) {
  renderWithProviders(
    <VideoCard
      video={videoView('1', 'Launch', status, {
        statusSince,
        assignedEditorId: 'editor',
        assignedEditor: {
          id: 'editor',
          username: 'editor',
          name: null,
          avatarUrl: null,
          role: 'editor',
        },
      })}
      viewer={viewer}
      onOpen={() => {}}
    />,
  );
  return screen.getByRole('article', { name: 'Launch' });
}

const buttons = (article: HTMLElement) =>
  Array.from(article.querySelectorAll('button[aria-label$=": Launch"]')).map((b) =>
    b.getAttribute('aria-label'),
  );

describe('VideoCard: whose turn', () => {
  it("says it is the agency's turn, and for how long", () => {
    expect(card('in_progress', ago(3 * DAY_MS + H)).textContent).toContain(
      "Agency's turn · 3 days",
    );
  });

  it('tells the client a video in review waits for it (issue 41)', () => {
    expect(card('review', ago(3 * DAY_MS + H)).textContent).toContain('Waiting for you · 3 days');
  });

  it('tells the agency it waits on the client', () => {
    expect(card('review', ago(5 * H + 60_000), editor).textContent).toContain(
      'Waiting on client · 5 h',
    );
  });

  it('counts Ready to Post from the approval (its status since), not the creation', () => {
    // videoView's creation is in 2025; the approval was two days ago.
    const text = card('ready_to_post', ago(2 * DAY_MS + H)).textContent;
    expect(text).toContain("Agency's turn · 2 days");
  });

  it('says nothing once posted', () => {
    const text = card('posted', ago(H)).textContent;
    expect(text).not.toContain('turn');
    expect(text).not.toContain('Waiting');
  });
});

describe('VideoCard: no Approve in the client’s place (issue 41)', () => {
  it('the client decides: Approve and Request Changes', () => {
    expect(buttons(card('review', ago(H)))).toEqual(['Approve: Launch', 'Request Changes: Launch']);
  });

  it('an editor’s card on a video waiting for the client has no Approve', () => {
    expect(buttons(card('review', ago(H), editor))).toEqual(['Send Back: Launch']);
  });

  it('nor has a lead editor’s (who decides for the client only from the dialog)', () => {
    expect(buttons(card('review', ago(H), lead))).toEqual(['Send Back: Launch']);
  });
});
