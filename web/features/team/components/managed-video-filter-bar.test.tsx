import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useVideoFilters } from '../../../hooks/use-video-filters';
import { renderWithProviders } from '../../../test/render';
import { ListedVideos, listedNames, videoView } from '../../../test/videos';
import { ManagedVideoFilterBar } from './managed-video-filter-bar';

const VIDEOS = [
  videoView('1', 'Spring teaser', 'draft'),
  videoView('2', 'Spring cut', 'in_progress', { type: 'consultation', rounds: 2 }),
  videoView('3', 'Summer cut', 'review', { type: 'consultation', rounds: 4 }),
  videoView('4', 'Autumn cut', 'review', { rounds: 1 }),
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
      'All (4)',
      'Draft (1)',
      'In Progress (1)',
      'Review (2)',
      'Ready to Post (0)',
      'Posted (0)',
    ]);
    expect(screen.getByRole('radio', { name: 'All types (4)' })).toBeTruthy();
    await userEvent.click(screen.getByRole('radio', { name: 'Consultation (2)' }));
    expect(listedNames()).toEqual(['Spring cut', 'Summer cut']);
    await userEvent.click(screen.getByRole('button', { name: 'Review (1)' }));
    expect(listedNames()).toEqual(['Summer cut']);
  });

  it('narrows to more than N review rounds, the counts following, and sorts by rounds', async () => {
    renderWithProviders(<Harness />);
    const rounds = screen.getByRole('combobox', { name: 'Rounds' });
    await userEvent.selectOptions(rounds, 'More than 1');
    expect(listedNames()).toEqual(['Spring cut', 'Summer cut']);
    expect(statusButtons().slice(0, 4)).toEqual([
      'All (2)',
      'Draft (0)',
      'In Progress (1)',
      'Review (1)',
    ]);
    await userEvent.selectOptions(rounds, 'More than 3');
    expect(listedNames()).toEqual(['Summer cut']);
    await userEvent.selectOptions(rounds, 'Any rounds');
    expect(listedNames()).toHaveLength(4);

    await userEvent.click(screen.getByRole('combobox', { name: 'Sort videos' }));
    await userEvent.click(
      await screen.findByRole('option', { name: 'Rounds (most first)', hidden: true }),
    );
    expect(listedNames()).toEqual(['Summer cut', 'Spring cut', 'Autumn cut', 'Spring teaser']);
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
