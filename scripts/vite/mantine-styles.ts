/**
 * Only the Mantine styles the app can use: `import 'virtual:mantine-styles'` becomes imports of
 * Mantine's global styles plus the stylesheet of every Mantine component the app's code reaches,
 * in the order of Mantine's full styles.css. The full file is 250 KB of CSS that a phone must
 * download and parse before the first screen draws; the app uses about half of it (Lighthouse
 * mobile, issue 9 part 6).
 *
 * Which components: every name the web app (and the Mantine packages it uses) imports from
 * '@mantine/core', followed through @mantine/core's own relative imports. Every `X.module.mjs`
 * reached (the class names of a component) has its rules in `styles/X.css`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export const MANTINE_STYLES_ID = 'virtual:mantine-styles';
const RESOLVED_ID = `\0${MANTINE_STYLES_ID}`;
const GLOBAL_STYLES = ['baseline', 'default-css-variables', 'global'];
/** Other Mantine packages the app imports: they draw with core components too. */
const MANTINE_PACKAGES = ['charts', 'dates', 'modals', 'notifications'];

const CORE_IMPORT = /import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]@mantine\/core['"]/g;
const RELATIVE_IMPORT = /(?:from|import)\s*["'](\.{1,2}\/[^"']+)["']/g;

function filesUnder(dir: string, pattern: RegExp, skip: RegExp | null = null): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && pattern.test(e.name) && !(skip && skip.test(e.name)))
    .map((e) => path.join(e.parentPath, e.name));
}

/** The names a file imports from '@mantine/core' as values (type-only names are left out). */
export function coreNamesIn(code: string): string[] {
  const names: string[] = [];
  for (const match of code.matchAll(CORE_IMPORT)) {
    if (/^import\s+type\b/.test(match[0])) continue;
    for (const part of match[1]!.split(',')) {
      const name = part.trim();
      if (!name || name.startsWith('type ')) continue;
      names.push(name.split(/\s+as\s+/)[0]!.trim());
    }
  }
  return names;
}

/** The component stylesheets (names in styles/) that these '@mantine/core' names need. */
export function componentStylesFor(names: Iterable<string>, coreDir: string): string[] {
  const esm = path.join(coreDir, 'esm');
  // index.mjs imports each public name from its own module, then exports them all.
  const moduleOf = new Map<string, string>();
  const index = readFileSync(path.join(esm, 'index.mjs'), 'utf8');
  for (const match of index.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(\.[^"]+)"/g)) {
    for (const part of match[1]!.split(',')) {
      const local = part.trim().split(/\s+as\s+/);
      const name = (local[1] ?? local[0])!.trim();
      if (name) moduleOf.set(name, path.join(esm, match[2]!));
    }
  }
  const queue: string[] = [];
  for (const name of names) {
    const file = moduleOf.get(name);
    if (file) queue.push(file);
  }
  const seen = new Set<string>();
  const styles = new Set<string>();
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    const base = path.basename(file);
    if (base.endsWith('.module.mjs')) styles.add(base.slice(0, -'.module.mjs'.length));
    for (const match of readFileSync(file, 'utf8').matchAll(RELATIVE_IMPORT)) {
      queue.push(path.resolve(path.dirname(file), match[1]!));
    }
  }
  return [...styles];
}

/** The stylesheets to import, global ones first, components in styles.css order. */
export function mantineStyleSheets(opts: { webDir: string; nodeModules: string }): string[] {
  const coreDir = path.join(opts.nodeModules, '@mantine', 'core');
  const sources = [
    ...filesUnder(opts.webDir, /\.(ts|tsx)$/, /\.test\.(ts|tsx)$/),
    ...MANTINE_PACKAGES.flatMap((p) =>
      filesUnder(path.join(opts.nodeModules, '@mantine', p, 'esm'), /\.mjs$/),
    ),
  ];
  const names = new Set(sources.flatMap((file) => coreNamesIn(readFileSync(file, 'utf8'))));
  const full = readFileSync(path.join(coreDir, 'styles.css'), 'utf8');
  const placed = componentStylesFor(names, coreDir)
    .filter((name) => existsSync(path.join(coreDir, 'styles', `${name}.css`)))
    .map((name) => {
      const css = readFileSync(path.join(coreDir, 'styles', `${name}.css`), 'utf8');
      const at = full.indexOf(css.trim().slice(0, 400));
      return { name, at: at < 0 ? Number.MAX_SAFE_INTEGER : at };
    })
    .sort((a, b) => a.at - b.at || a.name.localeCompare(b.name));
  return [...GLOBAL_STYLES, ...placed.map((p) => p.name)];
}

export function mantineStyles(opts: { root: string }): Plugin {
  return {
    name: 'vw-mantine-styles',
    resolveId(id) {
      return id === MANTINE_STYLES_ID ? RESOLVED_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_ID) return null;
      const sheets = mantineStyleSheets({
        webDir: path.join(opts.root, 'web'),
        nodeModules: path.join(opts.root, 'node_modules'),
      });
      return sheets.map((name) => `import '@mantine/core/styles/${name}.css';`).join('\n');
    },
  };
}
