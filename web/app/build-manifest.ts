/**
 * Vite's build manifest (dist/web/.vite/manifest.json) as the server and the budgets read it:
 * which built files a page loads first. The server names them in the pages it sends
 * (server/plugins/web-page.ts), and the budgets weigh the same files (scripts/budgets.ts), so
 * what is weighed is what a browser is sent. Nothing here runs in the browser.
 */

/** One entry of the manifest: a chunk's built file, its static imports and stylesheets. */
export interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/**
 * The manifest keys of `keys` and of everything they import, statically, however deep, in the
 * order a page names them: each chunk before its imports, `keys` in their order.
 */
export function importClosure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) return;
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return seen;
}

/**
 * The same keys, each after everything it imports: the order in which running them one at a
 * time runs each on its own (a chunk run before its imports would run them with it).
 */
export function importsFirst(manifest: Manifest, keys: Iterable<string>): string[] {
  const wanted = new Set(keys);
  const order: string[] = [];
  const done = new Set<string>();
  const visit = (key: string) => {
    if (done.has(key)) return;
    done.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
    if (wanted.has(key)) order.push(key);
  };
  for (const key of wanted) visit(key);
  return order;
}

/** The entry chunks: what index.html loads. */
export const entryKeys = (manifest: Manifest): string[] =>
  Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
