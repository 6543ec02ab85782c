import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { VideoView } from '@domain/videos';
import { renderWithProviders } from '../../test/render';
import { useVideoFilters } from '../../hooks/use-video-filters';
import { VideoListToolbar } from './video-list-toolbar';

const at = '2025-06-01T10:00:00.000Z';
const video = (id: string, name: string, status: string, type = 'vlog'): VideoView => ({
  id,
  ordinal: id,
  name,
  type,
  status,
  link: 'https://a.io/v',
  description: '',
  userId: 'client',
  assignedEditorId: null,
  startDate: at,
  dueDate: null,
  finishDate: null,
  duration: null,
  clientIsVip: false,
  createdAt: at,
  updatedAt: at,
  owner: { id: 'client', username: 'client', name: null, avatarUrl: null, isVip: false },
  assignedEditor: null,
});

const VIDEOS = [
  video('1', 'Fresh idea', 'draft'),
  video('2', 'Cut in progress', 'in_progress', 'consultation'),
  video('3', 'Fresh cut', 'in_progress', 'consultation'),
];

/** The editor dashboard's list state: In Progress first, a type picked. */
function Harness() {
  const filters = useVideoFilters(VIDEOS, { status: 'in_progress', type: 'consultation' });
  return (
    <>
      <VideoListToolbar
        statusFilter={filters.state.status}
        onStatusFilterChange={filters.setStatus}
        counts={filters.counts}
        search={filters.state.search}
        onSearchChange={filters.setSearch}
        videoNames={filters.videoNames}
        sort={filters.state.sort}
        onSortChange={() => undefined}
        typeFilter={filters.state.type}
        onTypeFilterChange={filters.setType}
        typeOptions={filters.typeOptions}
      />
      <ul aria-label="Listed videos">
        {filters.visible.map((v) => (
          <li key={v.id}>{v.name}</li>
        ))}
      </ul>
    </>
  );
}

const listed = () =>
  Array.from(screen.getByRole('list', { name: 'Listed videos' }).querySelectorAll('li')).map(
    (li) => li.textContent,
  );

describe('VideoListToolbar search suggestions', () => {
  it('a picked video suggestion shows that video whatever the status and type filters', async () => {
    renderWithProviders(<Harness />);
    expect(listed()).toEqual(['Cut in progress', 'Fresh cut']);
    await userEvent.type(screen.getByRole('combobox', { name: 'Search videos' }), 'fresh');
    await userEvent.click(screen.getByRole('option', { name: /^Fresh idea\s*Video$/ }));
    expect(listed()).toEqual(['Fresh idea']);
    expect(
      screen.getByRole('button', { name: /^All Videos \(/ }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('all');
  });

  it('typed text keeps the filters: only a picked video widens them', async () => {
    renderWithProviders(<Harness />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Search videos' }), 'fresh{Escape}');
    expect(listed()).toEqual(['Fresh cut']);
    expect(
      screen.getByRole('button', { name: /^In Progress \(/ }).getAttribute('aria-pressed'),
    ).toBe('true');
  });
});
