import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES } from '@domain/calendar';
import { DATE_RANGE_MESSAGE } from '@domain/dates';
import { seedVideo, setUpVideoPeople } from '../../test/helper';

/**
 * GET /api/videos/calendar (issue 45 part 2; docs/product.md#calendar): a window of days of the
 * videos the caller may read (the lists' rule, readableBy), due in it or posted on one of its
 * days, with the lists' filters; a bad window is a 400 with its message.
 */
const t = setUpVideoPeople();

// December 2026 as seen from UTC+01:00: its first instant is 30 Nov 23:00Z.
const DEC = 'from=2026-12-01T00:00:00%2B01:00&to=2027-01-01T00:00:00%2B01:00';
type Listed = { id: string; name: string }[];
const names = async (who: keyof typeof t.id, query: string) => {
  const res = await t.call(who, 'GET', `/api/videos/calendar?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<Listed>()
    .map((v) => v.name)
    .sort();
};

describe('GET /api/videos/calendar', () => {
  it('sets the scene', async () => {
    const own = { userId: t.id.owner, assignedEditorId: t.id.editor };
    await seedVideo(t, { ...own, name: 'cal first', dueDate: new Date('2026-11-30T23:30:00Z') });
    await seedVideo(t, { ...own, name: 'cal before', dueDate: new Date('2026-11-30T22:30:00Z') });
    await seedVideo(t, { ...own, name: 'cal last', dueDate: new Date('2026-12-31T22:59:00Z') });
    await seedVideo(t, { ...own, name: 'cal after', dueDate: new Date('2026-12-31T23:00:00Z') });
    await seedVideo(t, {
      ...own,
      name: 'cal review',
      status: 'review',
      type: 'vlog',
      dueDate: new Date('2026-12-10T13:00:00Z'),
    });
    await seedVideo(t, {
      ...own,
      name: 'cal posted',
      status: 'posted',
      dueDate: new Date('2026-10-01T13:00:00Z'),
      publishedAt: '2026-12-31',
    });
    await seedVideo(t, {
      ...own,
      name: 'cal was posted',
      status: 'ready_to_post',
      dueDate: new Date('2026-10-01T13:00:00Z'),
      publishedAt: '2026-12-05',
    });
    await seedVideo(t, { ...own, name: 'cal undated' });
    await seedVideo(t, {
      userId: t.id.other,
      name: 'cal other client',
      dueDate: new Date('2026-12-10T13:00:00Z'),
    });
  });

  it("answers the videos due in the caller's days, and those posted on one of them", async () => {
    expect(await names('owner', DEC)).toEqual([
      'cal first',
      'cal last',
      'cal posted',
      'cal review',
    ]);
  });

  it('lists only what the caller may read: a client never sees another client’s dates', async () => {
    expect(await names('other', DEC)).toEqual(['cal other client']);
    expect(await names('stranger', DEC)).toEqual([]);
    expect(await names('teameditor', DEC)).toEqual([
      'cal first',
      'cal last',
      'cal posted',
      'cal review',
    ]);
    expect(await names('boss', DEC)).toEqual([
      'cal first',
      'cal last',
      'cal other client',
      'cal posted',
      'cal review',
    ]);
    // A client filter names someone else: still only the caller's own.
    expect(await names('other', `${DEC}&clientId=${t.id.owner}`)).toEqual([]);
  });

  it("takes the lists' status, type and client filters", async () => {
    expect(await names('boss', `${DEC}&status=review`)).toEqual(['cal review']);
    expect(await names('boss', `${DEC}&type=vlog`)).toEqual(['cal review']);
    expect(await names('boss', `${DEC}&clientId=${t.id.other}`)).toEqual(['cal other client']);
  });

  it('answers the same videos as the list, field for field', async () => {
    const list = (await t.call('owner', 'GET', '/api/videos')).json<Listed>();
    const calendar = (await t.call('owner', 'GET', `/api/videos/calendar?${DEC}`)).json<Listed>();
    for (const video of calendar) expect(list.find((v) => v.id === video.id)).toEqual(video);
  });

  it('refuses a window it cannot read with 400 and its message', async () => {
    const bad: [string, string][] = [
      ['', CALENDAR_MESSAGES.window],
      ['from=2026-12-01T00:00:00%2B01:00', CALENDAR_MESSAGES.window],
      ['from=2026-12-01&to=2027-01-01', CALENDAR_MESSAGES.window],
      ['from=2026-13-01T00:00:00Z&to=2027-01-01T00:00:00Z', CALENDAR_MESSAGES.window],
      ["from=2026-12-01T00:00:00Z'%20OR%201=1&to=2027-01-01T00:00:00Z", CALENDAR_MESSAGES.window],
      ['from=2027-01-01T00:00:00Z&to=2026-12-01T00:00:00Z', CALENDAR_MESSAGES.order],
      ['from=2026-01-01T00:00:00Z&to=2027-01-01T00:00:00Z', CALENDAR_MESSAGES.tooLong],
      ['from=1969-12-01T00:00:00Z&to=1970-01-01T00:00:00Z', DATE_RANGE_MESSAGE],
      ['from=2100-12-01T00:00:00Z&to=2101-01-01T00:00:00Z', DATE_RANGE_MESSAGE],
      [`${DEC}&status=late`, 'Unknown status filter'],
      [`${DEC}&clientId=nobody`, 'Unknown client'],
    ];
    for (const [query, message] of bad) {
      const res = await t.call('owner', 'GET', `/api/videos/calendar?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ message: string }>().message, query).toContain(message);
    }
  });

  it('answers any window, however hostile, with 200 or a 4xx and its message, never a 5xx', async () => {
    const instant = fc
      .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2200-01-01T00:00:00Z') })
      .filter((d) => !Number.isNaN(d.getTime()))
      .map((d) => d.toISOString());
    const text = fc.oneof(
      instant,
      fc.string({ maxLength: 50 }),
      fc.constantFrom(
        '',
        '2026-12-01',
        "' OR 1=1 --",
        '9999-12-31T23:59:59+14:00',
        'a'.repeat(500),
      ),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom('from', 'to', 'status', 'type', 'clientId'), text, {
          maxKeys: 5,
        }),
        async (query) => {
          const url = `/api/videos/calendar?${new URLSearchParams(query).toString()}`;
          const res = await t.call('owner', 'GET', url);
          expect(res.statusCode, `${url} -> ${res.body.slice(0, 200)}`).toBeLessThan(500);
          if (res.statusCode >= 400) {
            expect(res.json<{ message: string }>().message.length, url).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('is documented in OpenAPI with its window', async () => {
    const doc = (await t.call('boss', 'GET', '/api/openapi.json')).json<{
      paths: Record<string, { get: { parameters: { name: string }[] } }>;
    }>();
    const params = doc.paths['/api/videos/calendar']!.get.parameters.map((p) => p.name);
    expect(params).toEqual(expect.arrayContaining(['from', 'to', 'status', 'type', 'clientId']));
  });
});
