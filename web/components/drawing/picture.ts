import { roundCoordinate, type DrawingPoint } from '@domain/drawing';

/** A rectangle in pixels: from the left and top of its reference, and its size. */
export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Embeds (YouTube, Vimeo, Drive, Loom) do not say their picture's shape: 16:9 is assumed. */
export const EMBED_ASPECT = 16 / 9;

/**
 * Where the picture lies in the player's box (issue 43): the video scaled to fit (as `<video>`
 * and embeds draw it, object-fit: contain), centred, with bars above and below (letterbox) or at
 * the sides (pillarbox). `aspect` is the picture's width over its height (videoWidth /
 * videoHeight of a file), null or nonsense for EMBED_ASPECT. Relative to the box.
 */
export function pictureRect(box: { width: number; height: number }, aspect: number | null): Rect {
  const a = aspect !== null && Number.isFinite(aspect) && aspect > 0 ? aspect : EMBED_ASPECT;
  if (!(box.width > 0 && box.height > 0)) return { left: 0, top: 0, width: 0, height: 0 };
  if (box.width / box.height > a) {
    const width = box.height * a;
    return { left: (box.width - width) / 2, top: 0, width, height: box.height };
  }
  const height = box.width / a;
  return { left: 0, top: (box.height - height) / 2, width: box.width, height };
}

/**
 * A pointer's place (client pixels) as a point on the picture (its client rectangle): 0..1 across
 * and down, three decimals, kept within the margin drawings allow (domain/drawing.ts).
 */
export function toPicturePoint(
  client: { x: number; y: number },
  picture: { left: number; top: number; width: number; height: number },
): DrawingPoint {
  const x = picture.width > 0 ? (client.x - picture.left) / picture.width : 0;
  const y = picture.height > 0 ? (client.y - picture.top) / picture.height : 0;
  return [roundCoordinate(x), roundCoordinate(y)];
}

/** A picture point in the picture's own pixels (the overlay's SVG). */
export const toPixels = (point: DrawingPoint, size: { width: number; height: number }) =>
  [point[0] * size.width, point[1] * size.height] as const;
