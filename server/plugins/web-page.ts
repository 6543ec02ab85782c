import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CHUNKS_SCRIPT_ID, jsonScript } from '../../web/app/boot';
import {
  entryKeys,
  importClosure,
  importsFirst,
  type Manifest,
} from '../../web/app/build-manifest';
import type { Drawn } from '../../web/app/server-render';
import {
  APP_SOURCE,
  HYDRATION_SOURCE,
  SCREEN_SOURCES,
  screenModulesFor,
  type ScreenModule,
} from '../../web/app/screen-modules';

/** What the page shows until the app's code has run: BootLoading's markup (boot-screen.tsx). */
const BOOT_MARKUP =
  '<main class="boot-screen"><p class="boot-text" role="status" aria-live="polite">Loading page...</p></main>';
const ROOT_TAG = '<div id="root"></div>';

function readManifest(root: string): Manifest | null {
  try {
    return JSON.parse(readFileSync(path.join(root, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

const escapeAttr = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

/**
 * The page sent for an address of the app. For the landing page it is index.html as built. For
 * every other address it also names the scripts and stylesheets of the app and of that screen
 * (modulepreload, preload), so the browser fetches them with the entry script instead of after
 * it has run, and shows the loading line at once instead of a blank page (Lighthouse mobile,
 * issue 9 part 6). Pages are built once per screen set and kept.
 */
export function createWebPages(root: string) {
  const indexHtml = readFileSync(path.join(root, 'index.html'), 'utf8');
  const manifest = readManifest(root) ?? {};
  // What index.html already loads: the entry and everything it imports.
  const loadedByEntry = importClosure(manifest, entryKeys(manifest));
  const pages = new Map<string, string>();

  /**
   * The files of these chunks (and of what they import) that the entry does not load: in the
   * order a page names them (`scripts`), and each after its imports (`importsFirst`).
   */
  function filesOf(sources: string[]) {
    const keys = [...importClosure(manifest, sources)].filter(
      (key) => manifest[key] && !loadedByEntry.has(key),
    );
    const file = (key: string) => manifest[key]!.file;
    const styles = new Set(keys.flatMap((key) => manifest[key]!.css ?? []));
    return {
      scripts: keys.map(file),
      importsFirst: importsFirst(manifest, keys).map(file),
      styles: [...styles],
    };
  }
  // The app (router, queries, session), which every page but the landing page loads before
  // anything else: the entry leaves it out so the landing page does not download it.
  const app = filesOf([APP_SOURCE]);

  /**
   * index.html with `root` in #root and `after` after it. For the loading line (`drawn` false)
   * the page names the app's and the screens' scripts (modulepreload) and only preloads their
   * stylesheets (the screen's code attaches them when it runs; as stylesheets here they would
   * hold the line back). A screen the server drew needs the stylesheets to paint and no script:
   * its scripts, and the app's, would share a phone's bandwidth with them, and the app asks for
   * them when it starts (main.tsx, hydrate-drawn.tsx). `crossorigin` as on Vite's own.
   */
  function page(screens: ScreenModule[], root: string, after: string, drawn: boolean): string {
    const screen = filesOf(screens.map((name) => SCREEN_SOURCES[name]));
    const scripts = drawn ? [] : new Set([...app.scripts, ...screen.scripts]);
    const styles = new Set([...app.styles, ...screen.styles]);
    const links = [
      ...[...scripts].map(
        (file) => `<link rel="modulepreload" crossorigin href="/${escapeAttr(file)}">`,
      ),
      ...[...styles].map((file) =>
        drawn
          ? `<link rel="stylesheet" crossorigin href="/${escapeAttr(file)}">`
          : `<link rel="preload" as="style" crossorigin href="/${escapeAttr(file)}">`,
      ),
    ].join('\n    ');
    return indexHtml
      .replace('</head>', links ? `  ${links}\n  </head>` : '</head>')
      .replace(ROOT_TAG, () => `<div id="root">${root}</div>${after}`);
  }

  /** The page for an address; `role` (the session's) adds that role's dashboard to /dashboard. */
  function pageFor(pathname: string, role: string | null = null): string {
    const screens = screenModulesFor(pathname, role);
    if (screens.length === 0 || !indexHtml.includes(ROOT_TAG)) return indexHtml;
    const cacheKey = screens.join(',');
    const cached = pages.get(cacheKey);
    if (cached) return cached;
    const html = page(screens, BOOT_MARKUP, '', false);
    pages.set(cacheKey, html);
    return html;
  }

  /**
   * The page of an address whose screen the server drew for the session's user
   * (server-render.tsx): its markup in #root, then the state the browser hydrates it with.
   */
  function drawnPageFor(pathname: string, role: string | null, drawn: Drawn): string | null {
    const screens = screenModulesFor(pathname, role);
    if (screens.length === 0 || !indexHtml.includes(ROOT_TAG)) return null;
    // The files the browser runs one a task before it hydrates (web/app/run-in-steps.ts): all at
    // once as the screens' imports, they were one task of about 40 ms here, 160 on
    // Lighthouse's 4x slower phone (issue 47).
    const files = filesOf([
      HYDRATION_SOURCE,
      APP_SOURCE,
      ...screens.map((name) => SCREEN_SOURCES[name]),
    ]).importsFirst;
    return page(
      screens,
      drawn.html,
      drawn.boot +
        jsonScript(
          CHUNKS_SCRIPT_ID,
          files.map((file) => `/${file}`),
        ),
      true,
    );
  }

  return { pageFor, drawnPageFor };
}
