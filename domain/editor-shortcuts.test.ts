import { describe, expect, it } from 'vitest';
import { SHORTCUT_HELP, shortcutAction } from './editor-shortcuts';

describe('editor shortcuts', () => {
  it('maps R/P/A, 1-4, C and / in either case', () => {
    expect(shortcutAction('r')).toEqual({ kind: 'status', filter: 'review' });
    expect(shortcutAction('P')).toEqual({ kind: 'status', filter: 'in_progress' });
    expect(shortcutAction('a')).toEqual({ kind: 'status', filter: 'all' });
    expect(shortcutAction('1')).toEqual({ kind: 'type', type: 'consultation' });
    expect(shortcutAction('4')).toEqual({ kind: 'type', type: 'before-after' });
    expect(shortcutAction('c')).toEqual({ kind: 'clear' });
    expect(shortcutAction('/')).toEqual({ kind: 'focus-search' });
  });
  it('ignores other keys', () => {
    expect(shortcutAction('5')).toBeNull();
    expect(shortcutAction('x')).toBeNull();
  });
  it('describes every shortcut once', () => {
    expect(new Set(SHORTCUT_HELP.map((h) => h.keys)).size).toBe(SHORTCUT_HELP.length);
  });
});
