import { screen } from '@testing-library/react';
import type { VideoView } from '@domain/videos';

const at = '2025-06-01T10:00:00.000Z';

/** A video as the list calls return it, for component tests: a client's vlog unless told. */
export const videoView = (
  id: string,
  name: string,
  status: string,
  more: Partial<VideoView> = {},
): VideoView => ({
  id,
  ordinal: id,
  name,
  type: 'vlog',
  status,
  link: 'https://a.io/v',
  description: '',
  userId: 'client',
  assignedEditorId: null,
  startDate: at,
  dueDate: null,
  finishDate: null,
  duration: null,
  statusSince: at,
  currentVersion: 0,
  frameRate: '30',
  priority: 'normal',
  rounds: 0,
  publishedUrl: null,
  publishedAt: null,
  clientIsVip: false,
  createdAt: at,
  updatedAt: at,
  owner: { id: 'client', username: 'client', name: null, avatarUrl: null, isVip: false },
  assignedEditor: null,
  ...more,
});

/** The names a list shows, in order, for tests that check what a filter leaves. */
export function ListedVideos({ videos }: { videos: readonly VideoView[] }) {
  return (
    <ul aria-label="Listed videos">
      {videos.map((v) => (
        <li key={v.id}>{v.name}</li>
      ))}
    </ul>
  );
}

export const listedNames = () =>
  Array.from(screen.getByRole('list', { name: 'Listed videos' }).querySelectorAll('li')).map(
    (li) => li.textContent,
  );
