import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ListedVideos, listedNames, videoView } from '../../test/videos';
import { useVideoFilters } from '../../hooks/use-video-filters';
import { VideoListToolbar } from './video-list-toolbar';

const video = (id: string, name: string, status: string, type = 'vlog') =>
  videoView(id, name, status, { type });

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
      <VideoListToolbar {...filters.toolbar} />
      <ListedVideos videos={filters.visible} />
    </>
  );
}

describe('VideoListToolbar search suggestions', () => {
  it('a picked video suggestion shows that video whatever the status and type filters', async () => {
    renderWithProviders(<Harness />);
    expect(listedNames()).toEqual(['Cut in progress', 'Fresh cut']);
    await userEvent.type(screen.getByRole('combobox', { name: 'Search videos' }), 'fresh');
    await userEvent.click(screen.getByRole('option', { name: /^Fresh idea\s*Video$/ }));
    expect(listedNames()).toEqual(['Fresh idea']);
    expect(
      screen.getByRole('button', { name: /^All Videos \(/ }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('all');
  });

  it('typed text keeps the filters: only a picked video widens them', async () => {
    renderWithProviders(<Harness />);
    await userEvent.type(screen.getByRole('combobox', { name: 'Search videos' }), 'fresh{Escape}');
    expect(listedNames()).toEqual(['Fresh cut']);
    expect(
      screen.getByRole('button', { name: /^In Progress \(/ }).getAttribute('aria-pressed'),
    ).toBe('true');
  });
});
