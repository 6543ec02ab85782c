import { BUILT_IN_VIDEO_TYPES, normalizeCustomType } from './video-types';

/** Display labels of video types: the built-ins' own, custom types title-cased. */
export const VIDEO_TYPE_LABELS: Readonly<Record<string, string>> = Object.fromEntries(
  BUILT_IN_VIDEO_TYPES.map((t) => [t.name, t.displayName]),
);

/** 'before-after' -> 'Before & After'; 'my-custom-type' -> 'My Custom Type'. */
export function typeLabel(name: string): string {
  const key = normalizeCustomType(name);
  const builtIn = Object.hasOwn(VIDEO_TYPE_LABELS, key) ? VIDEO_TYPE_LABELS[key] : undefined;
  if (builtIn) return builtIn;
  return key
    .split(/[-_]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
