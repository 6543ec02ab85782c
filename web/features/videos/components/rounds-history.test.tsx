import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import type { RoundView } from '@domain/versions';
import { RoundItem } from './rounds-history';

const round = (more: Partial<RoundView>): RoundView => ({
  number: 1,
  version: 1,
  sentBy: { id: 'e', name: 'Eddie Editor' },
  sentAt: '2026-12-01T10:00:00.000Z',
  decision: null,
  decidedBy: null,
  decidedByGuest: null,
  decidedForClient: false,
  decidedAt: null,
  note: null,
  ...more,
});

const item = (r: RoundView) => {
  renderWithProviders(
    <ol>
      <RoundItem round={r} />
    </ol>,
  );
  return screen.getByRole('listitem', { name: `Round ${r.number}` }).textContent;
};

describe('a review round in the history (issue 41)', () => {
  it('says the version, who sent it, and that it is still in review', () => {
    const text = item(round({}));
    expect(text).toContain('Round 1 · v1');
    expect(text).toContain('Sent by Eddie Editor');
    expect(text).toContain('In review');
    expect(text).not.toContain('Decided');
  });

  it("says the decision, who made it, and the round's note", () => {
    const text = item(
      round({
        number: 2,
        version: null,
        decision: 'changes_requested',
        decidedBy: { id: 'c', name: 'Olivia Owner' },
        decidedAt: '2026-12-02T10:00:00.000Z',
        note: 'Shorter intro',
      }),
    );
    expect(text).toContain('Round 2 · Source');
    expect(text).toContain('Changes requested');
    expect(text).toContain('Decided by Olivia Owner');
    expect(text).toContain('“Shorter intro”');
    expect(text).not.toContain('decided for the client');
  });

  it("says when a manager decided for the client, and names a review link's guest", () => {
    expect(
      item(
        round({
          decision: 'approved',
          decidedBy: { id: 'l', name: 'Lea Lead' },
          decidedForClient: true,
          decidedAt: '2026-12-02T10:00:00.000Z',
        }),
      ),
    ).toMatch(/Approved.*Decided by Lea Lead .*\(decided for the client\)/);
  });

  it("names a review link's guest as the decider", () => {
    expect(
      item(
        round({
          number: 3,
          decision: 'approved',
          decidedByGuest: 'Alex',
          decidedAt: '2026-12-02T10:00:00.000Z',
        }),
      ),
    ).toContain('Decided by Alex (guest)');
  });
});
