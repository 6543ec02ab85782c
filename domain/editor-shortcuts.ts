import { BUILT_IN_VIDEO_TYPES } from './video-types';
import type { StatusFilter } from './video-list';

/**
 * The editor dashboard's filter shortcuts (docs/product.md#screens lists them by description only):
 * '/' focuses the search, R/P/A pick the Review, In Progress and All status filters, 1-4 the
 * first four built-in types, C clears every filter.
 */
export type ShortcutAction =
  | { kind: 'focus-search' }
  | { kind: 'status'; filter: StatusFilter }
  | { kind: 'type'; type: string }
  | { kind: 'clear' };

export interface ShortcutHelp {
  keys: string;
  description: string;
}

const TYPE_KEYS = ['1', '2', '3', '4'] as const;

export function shortcutAction(key: string): ShortcutAction | null {
  switch (key.toLowerCase()) {
    case '/':
      return { kind: 'focus-search' };
    case 'r':
      return { kind: 'status', filter: 'review' };
    case 'p':
      return { kind: 'status', filter: 'in_progress' };
    case 'a':
      return { kind: 'status', filter: 'all' };
    case 'c':
      return { kind: 'clear' };
    default: {
      const index = (TYPE_KEYS as readonly string[]).indexOf(key);
      const type = BUILT_IN_VIDEO_TYPES[index];
      return index >= 0 && type ? { kind: 'type', type: type.name } : null;
    }
  }
}

export const SHORTCUT_HELP: readonly ShortcutHelp[] = [
  { keys: '/', description: 'Focus the search box' },
  { keys: 'R', description: 'Show videos in review' },
  { keys: 'P', description: 'Show videos in progress' },
  { keys: 'A', description: 'Show all videos' },
  ...TYPE_KEYS.map((key, i) => ({
    keys: key,
    description: `Show ${BUILT_IN_VIDEO_TYPES[i]!.displayName} videos`,
  })),
  { keys: 'C', description: 'Clear all filters' },
  { keys: '?', description: 'Show this help' },
];
