/**
 * The JavaScript budgets (scripts/budgets.ts) on a made-up build: what a route loads first is
 * read from the manifest as the browser and the server load it, and a route over its budget
 * fails the check.
 */
import { describe, expect, it } from 'vitest';
import { SCREEN_SOURCES } from '../web/app/screen-modules';
import type { Manifest } from '../web/app/build-manifest';
import { BUDGETS, filesOf, formatTable, weigh, type Budget } from './budgets';

/** The shape of Vite's build manifest, cut down: an entry, the app, a screen and a dialog. */
const MANIFEST: Manifest = {
  'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_runtime.js'] },
  '_runtime.js': { file: 'assets/runtime.js' },
  'app/app.tsx': { file: 'assets/app.js', imports: ['index.html', '_router.js'] },
  '_router.js': { file: 'assets/router.js', imports: ['_runtime.js'] },
  'app/mantine-shell.tsx': { file: 'assets/shell.js', imports: ['_mantine.js', 'index.html'] },
  '_mantine.js': { file: 'assets/mantine.js', imports: ['_runtime.js'] },
  'dialog.tsx': { file: 'assets/dialog.js', imports: ['_mantine.js', '_forms.js'] },
  '_forms.js': { file: 'assets/forms.js' },
};
const KB = 1024;
const SIZES: Record<string, number> = {
  'assets/index.js': 60 * KB,
  'assets/runtime.js': 1 * KB,
  'assets/app.js': 30 * KB,
  'assets/router.js': 12 * KB,
  'assets/shell.js': 5 * KB,
  'assets/mantine.js': 100 * KB,
  'assets/dialog.js': 20 * KB,
  'assets/forms.js': 8 * KB,
};
const sizeOf = (file: string) => SIZES[file] ?? Number.NaN;

const landing: Budget = { route: 'Landing', loads: [], kb: 90 };
const screen: Budget = {
  route: 'Screen',
  loads: ['app/app.tsx', 'app/mantine-shell.tsx'],
  kb: 210,
};
const dialog: Budget = {
  route: 'Dialog',
  loads: ['dialog.tsx'],
  over: ['app/app.tsx', 'app/mantine-shell.tsx'],
  kb: 30,
};

describe('what a route loads first', () => {
  it('the entry and its imports, then each chunk it starts with and theirs, each file once', () => {
    expect(filesOf(MANIFEST, landing)).toEqual(['assets/index.js', 'assets/runtime.js']);
    expect(filesOf(MANIFEST, screen).sort()).toEqual([
      'assets/app.js',
      'assets/index.js',
      'assets/mantine.js',
      'assets/router.js',
      'assets/runtime.js',
      'assets/shell.js',
    ]);
  });

  it('a dialog counts only what the screens under it have not loaded', () => {
    expect(filesOf(MANIFEST, dialog).sort()).toEqual(['assets/dialog.js', 'assets/forms.js']);
  });

  it('a chunk the build does not have is an error, not a route that weighs nothing', () => {
    const renamed: Budget = { ...screen, loads: ['app/moved.tsx'] };
    expect(() => filesOf(MANIFEST, renamed)).toThrow('Screen: no chunk for app/moved.tsx');
    expect(() => filesOf({ '_runtime.js': { file: 'assets/runtime.js' } }, landing)).toThrow(
      'no entry',
    );
  });
});

describe('the check', () => {
  it('passes routes within their budgets', () => {
    const rows = weigh(MANIFEST, [landing, screen, dialog], sizeOf);
    expect(rows.map((row) => [row.route, row.files, row.bytes / KB, row.over])).toEqual([
      ['Landing', 2, 61, false],
      ['Screen', 6, 208, false],
      ['Dialog', 2, 28, false],
    ]);
  });

  it('fails a route over its budget, even by a byte, and the table says which', () => {
    const heavier: Record<string, number> = { ...SIZES, 'assets/index.js': 89 * KB + 1 };
    const rows = weigh(MANIFEST, [landing, dialog], (file) => heavier[file] ?? Number.NaN);
    expect(rows.map((row) => row.over)).toEqual([true, false]);
    const table = formatTable(rows);
    expect(table).toContain('| Landing | 2 | 90.0 | 90 | OVER |');
    expect(table).toContain('| Dialog | 2 | 28.0 | 30 | ok |');
  });

  it('at exactly its budget a route passes', () => {
    const exact: Record<string, number> = { ...SIZES, 'assets/index.js': 89 * KB };
    expect(weigh(MANIFEST, [landing], (file) => exact[file] ?? Number.NaN)[0]?.over).toBe(false);
  });
});

describe('the budgets', () => {
  it('name every route issue 47 asks for, each with a budget', () => {
    expect(BUDGETS.map((budget) => budget.route)).toEqual([
      'Landing /',
      'Client /dashboard',
      'Editor /dashboard',
      'Lead editor /dashboard',
      'King and admins /dashboard',
      'Client team lead /dashboard',
      'Video detail dialog (opened on a dashboard)',
      'Guest review /review/:token',
    ]);
    for (const budget of BUDGETS) expect(budget.kb, budget.route).toBeGreaterThan(0);
    expect(BUDGETS[0]?.kb).toBe(90);
  });

  it('load what the server names for each page: the landing page only the entry', () => {
    const loads = (route: string) => BUDGETS.find((budget) => budget.route === route)?.loads;
    expect(loads('Landing /')).toEqual([]);
    expect(loads('Client /dashboard')).toContain(SCREEN_SOURCES.clientDashboard);
    expect(loads('Editor /dashboard')).toContain(SCREEN_SOURCES.editorDashboard);
    expect(loads('King and admins /dashboard')).toContain(SCREEN_SOURCES.leadDashboard);
    expect(loads('Client team lead /dashboard')).toContain(SCREEN_SOURCES.teamLeadDashboard);
    expect(loads('Guest review /review/:token')).toContain(SCREEN_SOURCES.review);
    expect(loads('Guest review /review/:token')).not.toContain(SCREEN_SOURCES.requireAuth);
  });
});
