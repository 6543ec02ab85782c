/** The eight built-in video types (SPEC.md section 3) and custom-type normalisation. */
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
