import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { PersonCard } from './person-card';
import { RemovableBadge } from './removable-badge';
import { SectionCard } from './section-card';
import { StatBox } from './stat-box';

const ann = { name: 'Ann Lee', username: 'ann', avatarUrl: null };

describe('SectionCard', () => {
  it('is a region named by its title, with its action beside it', () => {
    renderWithProviders(
      <SectionCard titleId="t" title="Client Team Leads" action={<button>Add</button>}>
        <p>Body</p>
      </SectionCard>,
    );
    const region = screen.getByRole('region', { name: 'Client Team Leads' });
    expect(within(region).getByRole('button', { name: 'Add' })).toBeTruthy();
    expect(within(region).getByText('Body')).toBeTruthy();
  });
});

describe('PersonCard', () => {
  it('shows the name (display name first), its badges, the line under it and the right side', () => {
    renderWithProviders(
      <PersonCard person={ann} label="Team lead Ann Lee" nameBadges="VIP" detail="@ann · 2 videos">
        <span>No editor</span>
      </PersonCard>,
    );
    const card = screen.getByRole('article', { name: 'Team lead Ann Lee' });
    expect(card.textContent).toBe('ALAnn LeeVIP@ann · 2 videosNo editor');
  });

  it('leaves the avatar out when compact, and falls back to the username', () => {
    renderWithProviders(
      <PersonCard person={{ ...ann, name: null }} label="ann" compact detail="@ann">
        {null}
      </PersonCard>,
    );
    expect(screen.getByRole('article', { name: 'ann' }).textContent).toBe('ann@ann');
  });
});

describe('StatBox', () => {
  it('shows its label, number and detail', () => {
    renderWithProviders(<StatBox label="Editors" value={7} detail="2 lead" />);
    expect(screen.getByText('Editors')).toBeTruthy();
    expect(screen.getByText('7')).toBeTruthy();
    expect(screen.getByText('2 lead')).toBeTruthy();
  });
});

describe('RemovableBadge', () => {
  it('names the person and removes the link with its ×, unless disabled', async () => {
    const removed: string[] = [];
    const badge = (disabled: boolean) => (
      <RemovableBadge
        label="Sam"
        color="violet"
        action="Unassign"
        actionLabel="Unassign Sam from Ann"
        onRemove={() => removed.push('sam')}
        disabled={disabled}
      />
    );
    const { rerender } = renderWithProviders(badge(false));
    expect(screen.getByText('Sam')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Unassign Sam from Ann' }));
    expect(removed).toEqual(['sam']);
    rerender(badge(true));
    const x = screen.getByRole('button', { name: 'Unassign Sam from Ann' }) as HTMLButtonElement;
    expect(x.disabled).toBe(true);
  });
});
