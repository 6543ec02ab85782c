import { DRAWING_COLORS, type DrawingShape } from '@domain/drawing';
import { toPixels } from './picture';

/** The line width on a picture this wide: readable on a phone, not heavy on a big screen. */
export const strokeWidth = (width: number) => Math.min(6, Math.max(2.5, width / 220));

/** An arrow's head at `to`, pointing away from `from`, `size` pixels long. */
function arrowHead(from: readonly number[], to: readonly number[], size: number): string {
  const angle = Math.atan2(to[1]! - from[1]!, to[0]! - from[0]!);
  const spread = Math.PI / 7;
  const wing = (a: number) =>
    `${to[0]! - size * Math.cos(angle - a)},${to[1]! - size * Math.sin(angle - a)}`;
  return `${to[0]},${to[1]} ${wing(spread)} ${wing(-spread)}`;
}

/**
 * One shape in the picture's pixels, drawn twice: a dark line under the coloured one, so the
 * colour reads on bright and dark pictures alike.
 */
function Shape({ shape, width, height }: { shape: DrawingShape; width: number; height: number }) {
  const size = { width, height };
  const pts = shape.points.map((p) => toPixels(p, size));
  const sw = strokeWidth(width);
  const color = DRAWING_COLORS[shape.color];
  const layers = [
    { stroke: 'rgba(0,0,0,0.55)', w: sw + 2.5 },
    { stroke: color, w: sw },
  ];
  const common = { fill: 'none', strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
  return (
    <g data-tool={shape.tool} data-color={shape.color}>
      {layers.map(({ stroke, w }) => {
        if (shape.tool === 'pen') {
          return (
            <polyline
              key={stroke}
              {...common}
              stroke={stroke}
              strokeWidth={w}
              points={pts.map((p) => p.join(',')).join(' ')}
            />
          );
        }
        const [a, b] = [pts[0] ?? [0, 0], pts[1] ?? pts[0] ?? [0, 0]];
        if (shape.tool === 'rect') {
          return (
            <rect
              key={stroke}
              {...common}
              stroke={stroke}
              strokeWidth={w}
              x={Math.min(a[0], b[0])}
              y={Math.min(a[1], b[1])}
              width={Math.abs(b[0] - a[0])}
              height={Math.abs(b[1] - a[1])}
            />
          );
        }
        const head = Math.max(10, sw * 4);
        return (
          <g key={stroke}>
            <line
              {...common}
              stroke={stroke}
              strokeWidth={w}
              x1={a[0]}
              y1={a[1]}
              x2={b[0]}
              y2={b[1]}
            />
            <polygon
              points={arrowHead(a, b, head)}
              fill={stroke === color ? color : 'none'}
              stroke={stroke}
              strokeWidth={stroke === color ? 1 : w - sw}
              strokeLinejoin="round"
            />
          </g>
        );
      })}
    </g>
  );
}

/** Shapes over a picture of `width` x `height` pixels. */
export function DrawingShapes({
  shapes,
  width,
  height,
}: {
  shapes: readonly DrawingShape[];
  width: number;
  height: number;
}) {
  return shapes.map((shape, i) => <Shape key={i} shape={shape} width={width} height={height} />);
}
