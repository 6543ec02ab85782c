import { z } from 'zod';

/**
 * Drawings on the frame (issue 43, docs/rules.md#drawings-on-the-frame): the shapes a reviewer
 * draws over the paused picture, saved with a comment. Points are relative to the picture itself
 * (0..1 across its width and down its height, not the player's box or its letterbox), so a
 * drawing lands on the same spot at any size, on a phone and over an embed. The server refuses
 * anything else with a message; the web checks the same schema before it posts.
 */

export const DRAWING_TOOLS = ['pen', 'arrow', 'rect'] as const;
export type DrawingTool = (typeof DRAWING_TOOLS)[number];

export const DRAWING_TOOL_LABELS: Record<DrawingTool, string> = {
  pen: 'Pen',
  arrow: 'Arrow',
  rect: 'Rectangle',
};

/** Four colours that stand out on most pictures; their ids are stored, their hex lives here only. */
export const DRAWING_COLORS = {
  red: '#ff3b30',
  yellow: '#ffd60a',
  green: '#30d158',
  blue: '#0a84ff',
} as const;
export type DrawingColor = keyof typeof DRAWING_COLORS;
export const DRAWING_COLOR_IDS = Object.keys(DRAWING_COLORS) as [DrawingColor, ...DrawingColor[]];

export const DRAWING_COLOR_LABELS: Record<DrawingColor, string> = {
  red: 'Red',
  yellow: 'Yellow',
  green: 'Green',
  blue: 'Blue',
};

/** The limits of one comment's drawing. */
export const DRAWING_LIMITS = {
  shapes: 200,
  points: 2000,
  /** Of the drawing as JSON, in bytes (UTF-8). */
  bytes: 16 * 1024,
  /** How far outside the picture a point may be (a stroke that ends just past its edge). */
  margin: 0.05,
} as const;

export const DRAWING_MESSAGES = {
  invalid: 'A drawing must be an object with a list of shapes',
  empty: 'A drawing needs at least one shape',
  tooManyShapes: `A drawing has at most ${DRAWING_LIMITS.shapes} shapes`,
  tooManyPoints: `A drawing has at most ${DRAWING_LIMITS.points} points in all`,
  tooLarge: `A drawing is at most ${DRAWING_LIMITS.bytes / 1024} KB`,
  tool: 'Each shape is a pen, an arrow or a rectangle',
  color: 'Each shape is red, yellow, green or blue',
  point: 'Each point is two numbers [x, y]',
  coordinate: `Points lie on the picture: x and y from ${-DRAWING_LIMITS.margin} to ${1 + DRAWING_LIMITS.margin}`,
  penPoints: 'A pen stroke has at least 2 points',
  twoPoints: 'An arrow or a rectangle has exactly 2 points',
} as const;

const coordinate = z
  .number({ error: DRAWING_MESSAGES.coordinate })
  .min(-DRAWING_LIMITS.margin, DRAWING_MESSAGES.coordinate)
  .max(1 + DRAWING_LIMITS.margin, DRAWING_MESSAGES.coordinate);

/** [x, y]: 0..1 across and down the picture. */
export const drawingPointSchema = z.tuple([coordinate, coordinate], {
  error: DRAWING_MESSAGES.point,
});
export type DrawingPoint = z.infer<typeof drawingPointSchema>;

export const drawingShapeSchema = z
  .object(
    {
      tool: z.enum(DRAWING_TOOLS, { error: DRAWING_MESSAGES.tool }),
      color: z.enum(DRAWING_COLOR_IDS, { error: DRAWING_MESSAGES.color }),
      points: z
        .array(drawingPointSchema, { error: DRAWING_MESSAGES.point })
        .max(DRAWING_LIMITS.points, DRAWING_MESSAGES.tooManyPoints),
    },
    { error: DRAWING_MESSAGES.invalid },
  )
  .superRefine((shape, ctx) => {
    const n = shape.points.length;
    if (shape.tool === 'pen' ? n < 2 : n !== 2) {
      ctx.addIssue({
        code: 'custom',
        path: ['points'],
        message: shape.tool === 'pen' ? DRAWING_MESSAGES.penPoints : DRAWING_MESSAGES.twoPoints,
      });
    }
  });
export type DrawingShape = z.infer<typeof drawingShapeSchema>;

/** The size of a drawing as the server stores it (its JSON, UTF-8 bytes). */
export const drawingBytes = (drawing: unknown): number =>
  new TextEncoder().encode(JSON.stringify(drawing)).length;

/**
 * A comment's drawing: `{ shapes }`, 1 to 200 shapes, at most 2,000 points in all, at most 16 KB
 * as JSON. Part of a comment's create body (optional) and of its answer (null: none).
 */
export const drawingSchema = z
  .object(
    {
      shapes: z
        .array(drawingShapeSchema, { error: DRAWING_MESSAGES.invalid })
        .min(1, DRAWING_MESSAGES.empty)
        .max(DRAWING_LIMITS.shapes, DRAWING_MESSAGES.tooManyShapes),
    },
    { error: DRAWING_MESSAGES.invalid },
  )
  .superRefine((drawing, ctx) => {
    const points = drawing.shapes.reduce((sum, s) => sum + s.points.length, 0);
    if (points > DRAWING_LIMITS.points) {
      ctx.addIssue({ code: 'custom', path: ['shapes'], message: DRAWING_MESSAGES.tooManyPoints });
    } else if (drawingBytes(drawing) > DRAWING_LIMITS.bytes) {
      ctx.addIssue({ code: 'custom', message: DRAWING_MESSAGES.tooLarge });
    }
  })
  .describe('Shapes drawn on the frame, in coordinates relative to the picture (0..1)');
export type Drawing = z.infer<typeof drawingSchema>;

/**
 * A drawing as the answers carry it: the same shape, without the limits (it was checked when it
 * was stored; an answer never fails on a limit changed since).
 */
export const drawingViewSchema = z
  .object({
    shapes: z.array(
      z.object({
        tool: z.enum(DRAWING_TOOLS),
        color: z.enum(DRAWING_COLOR_IDS),
        points: z.array(z.tuple([z.number(), z.number()])),
      }),
    ),
  })
  .describe('Shapes drawn on the frame, in coordinates relative to the picture (0..1)');

/** The first refusal of a drawing, or null when the server would take it (the web's check). */
export function drawingProblem(drawing: unknown): string | null {
  const parsed = drawingSchema.safeParse(drawing);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? DRAWING_MESSAGES.invalid);
}

/** How many decimals a point keeps: 0.001 of the picture is about 2 px of a 1080p frame. */
const PRECISION = 1000;

/** A coordinate as the web stores it: within the margin, three decimals. */
export function roundCoordinate(value: number): number {
  const m = DRAWING_LIMITS.margin;
  return Math.round(Math.min(1 + m, Math.max(-m, value)) * PRECISION) / PRECISION;
}

/**
 * The points of a pen stroke as kept: a point closer than `minStep` (relative) to the last kept
 * one is dropped, the last point always kept, so a slow hand does not spend the budget.
 */
export function simplifyStroke(points: readonly DrawingPoint[], minStep = 0.004): DrawingPoint[] {
  const kept: DrawingPoint[] = [];
  for (const [i, p] of points.entries()) {
    const last = kept.at(-1);
    const isLast = i === points.length - 1;
    if (!last || Math.hypot(p[0] - last[0], p[1] - last[1]) >= minStep) kept.push(p);
    else if (isLast && kept.length > 1) kept[kept.length - 1] = p;
    else if (isLast) kept.push(p);
  }
  return kept;
}

/** How long around a comment's moment its drawing shows while the video plays, in seconds. */
export const DRAWING_SHOW_WINDOW = 0.5;
