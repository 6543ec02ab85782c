import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { DRAWING_LIMITS, DRAWING_MESSAGES, type Drawing } from '@domain/drawing';
import type { CreatedReviewLink } from '@domain/review-links';
import { comments } from '../../db/schema';
import { seedVideo, setUpVideoPeople } from '../../test/helper';

/**
 * Drawings on the frame (issue 43, docs/rules.md#drawings-on-the-frame): a comment of the app's
 * users and of a review link's guest carries its shapes, stored and answered as sent; a hostile
 * drawing is a 400 with a message and stores no comment at all.
 */
const t = setUpVideoPeople();
const { id, call } = t;
let videoId: string;
let token: string;

beforeAll(async () => {
  ({ id: videoId } = await seedVideo(t, {
    userId: id.owner!,
    assignedEditorId: id.editor!,
    name: 'Spring promo',
    status: 'review',
    link: 'https://cdn.example.test/cut.mp4',
  }));
  const link = await call('lead1', 'POST', '/api/review-links', {
    videoIds: [videoId],
    expiresInDays: 7,
  });
  expect(link.statusCode, link.body).toBe(201);
  token = (link.json() as CreatedReviewLink).token;
});

const DRAWING: Drawing = {
  shapes: [
    {
      tool: 'pen',
      color: 'red',
      points: [
        [0.1, 0.2],
        [0.15, 0.25],
        [0.2, 0.22],
      ],
    },
    {
      tool: 'arrow',
      color: 'yellow',
      points: [
        [0.5, 0.5],
        [0.7, 0.4],
      ],
    },
    {
      tool: 'rect',
      color: 'blue',
      points: [
        [-0.02, 0.6],
        [1.03, 0.9],
      ],
    },
  ],
};

const post = (who: string, body: object) =>
  call(who, 'POST', `/api/videos/${videoId}/comments`, body);
const guestPost = (body: object) =>
  t.app.inject({
    method: 'POST',
    url: `/api/review/${token}/videos/${videoId}/comments`,
    payload: body,
    remoteAddress: '10.0.0.9',
  });

/** How many comments the video has, read from the table itself. */
const stored = async () =>
  (await t.db.select({ id: comments.id }).from(comments).where(eq(comments.videoId, videoId)))
    .length;

/** A pen stroke of `n` points on the picture: short ones ([0,1]: 6 bytes) or longer ones. */
const stroke = (n: number, short = true) => ({
  tool: 'pen',
  color: 'green',
  points: Array.from({ length: n }, (_, i) => (short ? [i % 2, 1] : [(i % 100) / 100, 0.5])),
});

describe('a comment with a drawing', () => {
  it("is stored and answered with its shapes, in the users' list too", async () => {
    const res = await post('owner', { content: '0:02 Logo too small', drawing: DRAWING });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().drawing).toEqual(DRAWING);
    const [row] = await t.db.select().from(comments).where(eq(comments.id, res.json().id));
    expect(row!.drawing).toEqual(DRAWING);
    const list = (await call('editor', 'GET', `/api/videos/${videoId}/comments`)).json() as {
      id: string;
      drawing: Drawing | null;
    }[];
    expect(list.find((c) => c.id === res.json().id)?.drawing).toEqual(DRAWING);
  });

  it('is optional: none, or null, is a comment without a drawing', async () => {
    expect((await post('owner', { content: 'no drawing' })).json().drawing).toBeNull();
    expect((await post('owner', { content: 'null', drawing: null })).json().drawing).toBeNull();
  });

  it("is taken from a review link's guest and shown on the guest's page", async () => {
    const res = await guestPost({ name: 'Alex', content: '0:01 Brighter here', drawing: DRAWING });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().drawing).toEqual(DRAWING);
    const page = await t.app.inject({ method: 'GET', url: `/api/review/${token}` });
    const shown = page.json().videos[0].comments as { id: string; drawing: Drawing | null }[];
    expect(shown.find((c) => c.id === res.json().id)?.drawing).toEqual(DRAWING);
  });

  it('takes the limits exactly: 200 shapes, 2,000 points', async () => {
    const atLimit = {
      shapes: Array.from({ length: DRAWING_LIMITS.shapes }, (_, i) => ({
        tool: 'rect',
        color: 'red',
        points: [
          [i / 1000, 0.5],
          [0.9, 0.9],
        ],
      })),
    };
    expect((await post('owner', { content: 'many', drawing: atLimit })).statusCode).toBe(201);
    const points = { shapes: [stroke(1000), stroke(1000)] };
    const res = await post('owner', { content: 'points', drawing: points });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('a hostile drawing', () => {
  const refusals: [string, unknown, string][] = [
    [
      '201 shapes',
      { shapes: Array.from({ length: 201 }, () => DRAWING.shapes[1]) },
      DRAWING_MESSAGES.tooManyShapes,
    ],
    ['2,001 points', { shapes: [stroke(1000), stroke(1001)] }, DRAWING_MESSAGES.tooManyPoints],
    ['one stroke of 5,000 points', { shapes: [stroke(5000)] }, DRAWING_MESSAGES.tooManyPoints],
    [
      'NaN as a string',
      {
        shapes: [
          {
            tool: 'arrow',
            color: 'red',
            points: [
              ['NaN', 0.5],
              [0.2, 0.3],
            ],
          },
        ],
      },
      DRAWING_MESSAGES.coordinate,
    ],
    [
      'null coordinates',
      {
        shapes: [
          {
            tool: 'arrow',
            color: 'red',
            points: [
              [null, null],
              [0.2, 0.3],
            ],
          },
        ],
      },
      DRAWING_MESSAGES.coordinate,
    ],
    [
      'far outside the picture',
      {
        shapes: [
          {
            tool: 'rect',
            color: 'red',
            points: [
              [0.1, 0.1],
              [40, -3],
            ],
          },
        ],
      },
      DRAWING_MESSAGES.coordinate,
    ],
    [
      'an unknown tool',
      {
        shapes: [
          {
            tool: 'laser',
            color: 'red',
            points: [
              [0.1, 0.1],
              [0.2, 0.2],
            ],
          },
        ],
      },
      DRAWING_MESSAGES.tool,
    ],
    [
      'a colour not in the four',
      {
        shapes: [
          {
            tool: 'pen',
            color: '#ff00ff',
            points: [
              [0.1, 0.1],
              [0.2, 0.2],
            ],
          },
        ],
      },
      DRAWING_MESSAGES.color,
    ],
    [
      'an arrow of three points',
      {
        shapes: [
          {
            tool: 'arrow',
            color: 'red',
            points: [
              [0, 0],
              [0.1, 0.1],
              [0.2, 0.2],
            ],
          },
        ],
      },
      DRAWING_MESSAGES.twoPoints,
    ],
    [
      'a pen of one point',
      { shapes: [{ tool: 'pen', color: 'red', points: [[0.1, 0.1]] }] },
      DRAWING_MESSAGES.penPoints,
    ],
    ['no shapes', { shapes: [] }, DRAWING_MESSAGES.empty],
    ['a string', 'draw me', DRAWING_MESSAGES.invalid],
    [
      'a point of three numbers',
      {
        shapes: [
          {
            tool: 'pen',
            color: 'red',
            points: [
              [0.1, 0.1, 0.1],
              [0.2, 0.2],
            ],
          },
        ],
      },
      DRAWING_MESSAGES.point,
    ],
    [
      'over 16 KB in long decimals',
      {
        shapes: Array.from({ length: 100 }, () => ({
          tool: 'pen',
          color: 'blue',
          points: Array.from({ length: 10 }, () => [0.123456789012345, 0.987654321098765]),
        })),
      },
      DRAWING_MESSAGES.tooLarge,
    ],
  ];

  it.each(refusals)('refuses %s with a message and stores nothing', async (_, drawing, message) => {
    const before = await stored();
    for (const res of [
      await post('owner', { content: 'hostile', drawing }),
      await guestPost({ name: 'Mallory', content: 'hostile', drawing }),
    ]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await stored()).toBe(before);
  });

  it('refuses Infinity (1e999 in the JSON text) and a 1 MB drawing; over 1 MiB is a 413', async () => {
    const before = await stored();
    const infinite = await t.app.inject({
      method: 'POST',
      url: `/api/videos/${videoId}/comments`,
      headers: { cookie: t.cookie.owner, 'content-type': 'application/json' },
      payload: `{"content":"x","drawing":{"shapes":[{"tool":"arrow","color":"red","points":[[1e999,0.5],[0.2,0.3]]}]}}`,
    });
    expect(infinite.statusCode, infinite.body).toBe(400);
    expect(infinite.json().message).toBe(DRAWING_MESSAGES.coordinate);

    // About a megabyte (under the app's 1 MiB body limit): a drawing's own limits refuse it.
    const megabyte = { shapes: [stroke(93_000, false)] };
    expect(JSON.stringify(megabyte).length).toBeGreaterThan(1_000_000);
    expect(JSON.stringify(megabyte).length).toBeLessThan(1024 * 1024 - 100);
    for (const res of [
      await post('owner', { content: 'huge', drawing: megabyte }),
      await guestPost({ name: 'Mallory', content: 'huge', drawing: megabyte }),
    ]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toBe(DRAWING_MESSAGES.tooManyPoints);
    }
    // Past the body limit the app refuses before reading it (413, with a message).
    const tooBig = await post('owner', {
      content: 'huge',
      drawing: { shapes: [stroke(120_000, false)] },
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe('Request body is too large');
    expect(await stored()).toBe(before);
  });
});

describe('the API document', () => {
  it("describes the drawing of a comment's create body and answer, for users and guests", async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    const text = JSON.stringify(doc);
    const paths = [
      ['/api/videos/{id}/comments', '201'],
      ['/api/review/{token}/videos/{videoId}/comments', '201'],
    ] as const;
    for (const [path, status] of paths) {
      const post = doc.paths[path].post;
      const body = JSON.stringify(post.requestBody.content['application/json'].schema);
      const answer = JSON.stringify(post.responses[status].content['application/json'].schema);
      for (const schema of [body, answer]) {
        expect(schema).toContain('"drawing"');
      }
    }
    // The shapes themselves: the tools, the four colours, the limits.
    for (const word of ['"pen"', '"arrow"', '"rect"', '"red"', '"yellow"', '"green"', '"blue"']) {
      expect(text).toContain(word);
    }
    expect(text).toContain('"maxItems":200');
    expect(text).toContain('Shapes drawn on the frame');
  });
});
