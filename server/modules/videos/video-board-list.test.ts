import { beforeAll, describe, expect, it } from 'vitest';
import { seedVideo, setUpVideoPeople } from '../../test/helper';

/**
 * The board's columns (issue 45 part 1): each reads GET /api/videos with its status and a page
 * cursor; a user's video page reads with `person`, the videos that user owns or edits, and only
 * among those the viewer may read.
 */
const t = setUpVideoPeople();

const names = (res: { json: <T>() => T }) => res.json<{ name: string }[]>().map((v) => v.name);

describe('the board’s column reads', () => {
  beforeAll(async () => {
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, i));
    for (let i = 0; i < 5; i++) {
      await seedVideo(t, {
        userId: t.id.owner,
        name: `Draft ${i}`,
        status: 'draft',
        assignedEditorId: i % 2 ? t.id.editor : null,
        createdAt: at(i),
      });
    }
    await seedVideo(t, {
      userId: t.id.owner,
      name: 'In review',
      status: 'review',
      assignedEditorId: t.id.editor,
      createdAt: at(10),
    });
    // Another client's video, edited by the same editor: the owner never reads it.
    await seedVideo(t, {
      userId: t.id.other,
      name: 'Theirs',
      status: 'draft',
      assignedEditorId: t.id.editor,
      createdAt: at(11),
    });
  });

  it('a column pages through its status with the cursor', async () => {
    const first = await t.call('owner', 'GET', '/api/videos?status=draft&limit=2');
    expect(names(first)).toEqual(['Draft 4', 'Draft 3']);
    const cursor = first.headers['x-next-cursor'] as string;
    const second = await t.call(
      'owner',
      'GET',
      `/api/videos?status=draft&limit=2&cursor=${encodeURIComponent(cursor)}`,
    );
    expect(names(second)).toEqual(['Draft 2', 'Draft 1']);
  });

  it('person narrows to the videos a user owns or edits, of those the viewer may read', async () => {
    expect(
      names(await t.call('boss', 'GET', `/api/videos?status=draft&person=${t.id.editor}`)),
    ).toEqual(['Theirs', 'Draft 3', 'Draft 1']);
    expect(
      names(await t.call('owner', 'GET', `/api/videos?status=draft&person=${t.id.editor}`)),
    ).toEqual(['Draft 3', 'Draft 1']);
    expect(
      names(await t.call('boss', 'GET', `/api/videos?person=${t.id.owner}&limit=50`)),
    ).toHaveLength(6);
    expect(names(await t.call('stranger', 'GET', `/api/videos?person=${t.id.owner}`))).toEqual([]);
  });

  it('an unknown person is a 400 with its message', async () => {
    const res = await t.call('boss', 'GET', '/api/videos?person=nobody');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('Unknown user');
  });
});
