import { describe, expect, it } from 'vitest';
import { videoView } from '../test/videos';
import { patchPaged, type VideoPage } from './videos';

/**
 * A move shows at once on a board (docs/product.md#the-board): in the paged lists a board's
 * columns read, the video leaves the column of the status it left and comes first in the one of
 * the status it came to; a list with no status filter keeps it in place.
 */
const paged = (...pages: VideoPage['videos'][]) => ({
  pages: pages.map((videos): VideoPage => ({ videos, nextCursor: null })),
  pageParams: pages.map(() => null as unknown),
});
const names = (data: { pages: VideoPage[] }) =>
  data.pages.map((p) => p.videos.map((v) => `${v.name}:${v.status}`));

describe('patchPaged', () => {
  const a = videoView('a', 'A', 'draft');
  const b = videoView('b', 'B', 'draft');
  const c = videoView('c', 'C', 'in_progress');

  it('drops the video from the column of the status it leaves', () => {
    expect(names(patchPaged(paged([a], [b]), 'draft', 'b', { status: 'in_progress' }, b))).toEqual([
      ['A:draft'],
      [],
    ]);
  });

  it('puts it first in the column of the status it comes to, once', () => {
    const column = paged([c]);
    const once = patchPaged(column, 'in_progress', 'b', { status: 'in_progress' }, b);
    expect(names(once)).toEqual([['B:in_progress', 'C:in_progress']]);
    expect(names(patchPaged(once, 'in_progress', 'b', { status: 'in_progress' }, b))).toEqual([
      ['B:in_progress', 'C:in_progress'],
    ]);
  });

  it('patches it in place in a list of every status, and leaves other columns alone', () => {
    expect(names(patchPaged(paged([a, b]), undefined, 'b', { status: 'review' }, b))).toEqual([
      ['A:draft', 'B:review'],
    ]);
    expect(names(patchPaged(paged([c]), 'posted', 'b', { status: 'review' }, b))).toEqual([
      ['C:in_progress'],
    ]);
  });
});
