import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useVideoFilters } from '../../../hooks/use-video-filters';
import { renderWithProviders } from '../../../test/render';
import { ListedVideos, listedNames, videoView } from '../../../test/videos';
import { ManagedVideoFilterBar } from './managed-video-filter-bar';

const VIDEOS = [
  videoView('1', 'Spring teaser', 'draft'),
  videoView('2', 'Spring cut', 'in_progress', { type: 'consultation' }),
  videoView('3', 'Summer cut', 'review', { type: 'consultation' }),
];

function Harness() {
  const filters = useVideoFilters(VIDEOS);
  return (
    <>
      <ManagedVideoFilterBar filters={filters} clients={[]} />
      <ListedVideos videos={filters.visible} />
    </>
  );
}

const statusButtons = () =>
  screen
    .getAllByRole('button')
    .filter((b) => b.closest('[aria-label="Filter by status"]'))
    .map((b) => b.textContent);

describe('ManagedVideoFilterBar', () => {
  it('counts each status, offers the types the user has and narrows to a picked type', async () => {
    renderWithProviders(<Harness />);
    expect(statusButtons()).toEqual([
      'All (3)',
      'Draft (1)',
      'In Progress (1)',
      'Review (1)',
      'Ready to Post (0)',
      'Posted (0)',
    ]);
    expect(screen.getByRole('radio', { name: 'All types (3)' })).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Consultation (2)' }));
    expect(listedNames()).toEqual(['Spring cut', 'Summer cut']);
    await userEvent.click(screen.getByRole('button', { name: 'Review (1)' }));
    expect(listedNames()).toEqual(['Summer cut']);
  });

  it('searches by name, the status counts following the search as on the dashboards', async () => {
    renderWithProviders(<Harness />);
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Search videos by name' }),
      'spring',
    );
    expect(listedNames()).toEqual(['Spring teaser', 'Spring cut']);
    expect(statusButtons().slice(0, 4)).toEqual([
      'All (2)',
      'Draft (1)',
      'In Progress (1)',
      'Review (0)',
    ]);
  });
});
