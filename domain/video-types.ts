import { isKing } from './roles';

/** The eight built-in video types (docs/product.md#data) and custom-type normalisation. */
export const BUILT_IN_VIDEO_TYPES = [
  { name: 'consultation', displayName: 'Consultation' },
  { name: 'voice-over', displayName: 'Voice Over' },
  { name: 'action-reel', displayName: 'Action Reel' },
  { name: 'before-after', displayName: 'Before & After' },
  { name: 'talking-head', displayName: 'Talking Head' },
  { name: 'personal-story', displayName: 'Personal Story' },
  { name: 'vlog', displayName: 'Vlog' },
  { name: 'funny', displayName: 'Funny' },
] as const;

export type BuiltInVideoType = (typeof BUILT_IN_VIDEO_TYPES)[number]['name'];

/** A user-defined type: lowercased, whitespace turned into hyphens. */
export function normalizeCustomType(raw: string): string {
  return raw.trim().toLowerCase().replace(/\s+/g, '-');
}

/**
 * Whose custom type a new "Other" type is (docs/rules.md#rules-the-product-leaves-open): the owner of the video it was
 * typed for, whoever typed it (an editor making a video for a client makes the client's type);
 * the king's own types belong to nobody and are listed to everyone.
 */
export function customTypeOwner(videoOwner: { id: string; role: string }): string | null {
  return isKing(videoOwner) ? null : videoOwner.id;
}
