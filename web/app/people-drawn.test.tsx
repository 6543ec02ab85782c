/** The same person drawn the same way on every screen: initials and role badges (issue 17). */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicUser } from '@domain/user';
import { UserAvatar } from '../features/admin/components/user-rows';
import { MemberCard } from '../features/team/components/member-card';
import { publicUser } from '../test/people';
import { renderWithProviders } from '../test/render';
import { PersonAvatar } from '../components/person-avatar';
import { PersonCard } from '../components/person-card';
import { AdminBadge, RoleBadge } from '../components/role-badge';

const marcus = publicUser('lead.marcus', 'lead_editor', 'Marcus Reid');
const maya = publicUser('editor.maya', 'editor', 'Maya Chen');

/** Every place that draws a person's avatar, as the screens use it. */
const PLACES = [
  ['the header and lists (PersonAvatar)', (p: PublicUser) => <PersonAvatar person={p} />],
  [
    'the team tab (MemberCard)',
    (p: PublicUser) => <MemberCard member={p} linked={[]} compact={false} />,
  ],
  ['/admin (UserAvatar)', (p: PublicUser) => <UserAvatar user={p} />],
  [
    'the team cards (PersonCard)',
    (p: PublicUser) => (
      <PersonCard person={p} label="card" detail="">
        {null}
      </PersonCard>
    ),
  ],
] as const;

describe('initials', () => {
  it.each(PLACES)('are the same in %s: MR and MC, never MA for both', (_, draw) => {
    const { unmount } = renderWithProviders(
      <>
        {draw(marcus)}
        {draw(maya)}
      </>,
    );
    expect(screen.getByText('MR')).toBeTruthy();
    expect(screen.getByText('MC')).toBeTruthy();
    expect(screen.queryByText('MA')).toBeNull();
    unmount();
  });
});

describe('RoleBadge', () => {
  it('labels each role as domain/roles.ts does, and the admin flag', () => {
    renderWithProviders(
      <>
        <RoleBadge role="client_team_lead" />
        <RoleBadge role="user" />
        <RoleBadge role="king" />
        <AdminBadge />
      </>,
    );
    for (const label of ['Client Team Lead', 'Client', 'System Admin (King)', 'Admin']) {
      expect(screen.getByText(label)).toBeTruthy();
    }
  });
});
