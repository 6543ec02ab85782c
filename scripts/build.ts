/**
 * The builds `npm start` runs before the server (ADR 0012): the web app (Vite: the browser's
 * files in dist/web and the dashboards' renderer in dist/ssr, ADR 0009) and the server itself,
 * compiled ahead of time to one plain JavaScript file, dist/server/index.js (esbuild), so the
 * server runs on Node alone: no TypeScript loader in its memory.
 *
 * `npm run build` builds both. `npm start` (scripts/start.mjs) runs this with `--stale`: each is
 * built only when missing or older than its sources, in one line each; `--verbose` shows
 * Vite's whole report, the size of every bundle. A failed build shows it and exits 1.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Where the compiled server goes; scripts/start.mjs and the benchmark run its index.js. */
export const SERVER_OUT_DIR = path.join(ROOT, 'dist', 'server');
/** The compiled server, the file `npm start` and the benchmark run. */
export const SERVER_ENTRY = path.join(SERVER_OUT_DIR, 'index.js');
/** The source files the compiled server was built from (esbuild's list), to tell when it is stale. */
const SERVER_INPUTS = 'inputs.json';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const mtimeOf = (file: string) => (existsSync(file) ? statSync(file).mtimeMs : null);

/** dist/web is missing or older than the web app's sources or its build's configuration. */
export function webStale(): boolean {
  const built = mtimeOf(path.join(ROOT, 'dist/web/index.html'));
  return (
    built === null ||
    built <
      Math.max(
        ...['web', 'domain', 'scripts/vite'].map((dir) => newestMtime(path.join(ROOT, dir))),
        mtimeOf(path.join(ROOT, 'vite.config.ts')) ?? 0,
      )
  );
}

/**
 * The compiled server is missing, or one of the files it was built from (or this script) is
 * newer than it or gone. A new source file counts through the file that imports it, which
 * changed to import it.
 */
export function serverStale(outDir = SERVER_OUT_DIR): boolean {
  const built = mtimeOf(path.join(outDir, 'index.js'));
  if (built === null) return true;
  let inputs: string[];
  try {
    inputs = JSON.parse(readFileSync(path.join(outDir, SERVER_INPUTS), 'utf8')) as string[];
  } catch {
    return true;
  }
  return [...inputs, 'scripts/build.ts'].some((input) => {
    const mtime = mtimeOf(path.join(ROOT, input));
    return mtime === null || mtime > built;
  });
}

/**
 * `import.meta.url` in a bundled file is the bundle's address, where the source's relative paths
 * (the migrations beside migrate.ts, the database thread's file, ../dist/web) do not hold. Each
 * source that reads it gets its own file's address instead, relative to the bundle, so the
 * checkout can still be moved after the build.
 */
function sourceAddresses(outDir: string): esbuild.Plugin {
  return {
    name: 'vw-source-addresses',
    setup(build) {
      build.onLoad({ filter: /\.tsx?$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const relative = path.relative(outDir, args.path).split(path.sep).join('/');
        return {
          contents: source.replaceAll(
            'import.meta.url',
            `new URL(${JSON.stringify(relative)}, import.meta.url).href`,
          ),
          loader: args.path.endsWith('.tsx') ? 'tsx' : 'ts',
        };
      });
    },
  };
}

/**
 * The screens' loaders in web/app/screen-modules.ts import the browser's code (React, Mantine,
 * stylesheets). The server reads only the screens' paths and sources there and never calls a
 * loader, so those imports stay as written instead of pulling the web app into the server.
 */
const browserImports: esbuild.Plugin = {
  name: 'vw-browser-imports',
  setup(build) {
    build.onResolve({ filter: /.*/ }, (args) =>
      args.kind === 'dynamic-import' && args.importer.startsWith(path.join(ROOT, 'web') + path.sep)
        ? { path: args.path, external: true }
        : undefined,
    );
  },
};

/**
 * Compiles server/index.ts and everything it imports from this repository into one ES module;
 * packages stay imports, read from node_modules at run time. The file is written whole (to a
 * temporary name, then renamed), so a server starting meanwhile never reads half of it.
 * With `NODE_OPTIONS=--enable-source-maps`, stack traces name the TypeScript sources.
 */
export async function buildServer(outDir = SERVER_OUT_DIR) {
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [path.join(ROOT, 'server/index.ts')],
    outfile: path.join(outDir, 'index.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [sourceAddresses(outDir), browserImports],
  });
  await mkdir(outDir, { recursive: true });
  const inputs = Object.keys(result.metafile.inputs).filter((f) => !f.includes('node_modules/'));
  const files: [string, string | Uint8Array][] = [
    ...result.outputFiles
      .filter((f) => f.path.endsWith('.map'))
      .map((f) => [f.path, f.contents] as [string, Uint8Array]),
    [path.join(outDir, SERVER_INPUTS), JSON.stringify(inputs)],
    // Last: its time is the build's, which serverStale compares the sources with.
    ...result.outputFiles
      .filter((f) => f.path.endsWith('.js'))
      .map((f) => [f.path, f.contents] as [string, Uint8Array]),
  ];
  for (const [file, contents] of files) {
    const temporary = `${file}.${process.pid}.tmp`;
    await writeFile(temporary, contents);
    await rename(temporary, file);
  }
  return result.metafile;
}

function buildWebApp(verbose: boolean): { ok: boolean; said: string } {
  // Vite on the Node that runs this script (no npx: no npm in between). Quiet unless it warns.
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(
    process.execPath,
    [vite, 'build', ...(verbose ? [] : ['--logLevel', 'warn'])],
    { cwd: ROOT, stdio: verbose ? 'inherit' : 'pipe', encoding: 'utf8' },
  );
  return {
    ok: result.status === 0,
    said: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error?.message ?? ''}`,
  };
}

/** Runs one build with its line: "  Building the server... done in 2 s". */
async function step(
  what: string,
  verbose: boolean,
  build: () => Promise<{ ok: boolean; said: string }>,
  hint = '',
) {
  const started = Date.now();
  process.stdout.write(verbose ? `  Building ${what}:\n` : `  Building ${what}...`);
  const { ok, said } = await build();
  if (!ok) {
    console.log(' failed:');
    console.error(said);
    process.exit(1);
  }
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(verbose ? `  Built in ${seconds} s.` : ` done in ${seconds} s${hint}`);
  if (said.trim()) console.error(said);
}

async function main() {
  const verbose = process.argv.includes('--verbose');
  const onlyStale = process.argv.includes('--stale');
  if (!onlyStale || webStale()) {
    await step(
      'the web app',
      verbose,
      () => Promise.resolve(buildWebApp(verbose)),
      verbose ? '' : ' (npm start -- --verbose lists the bundles)',
    );
  }
  if (!onlyStale || serverStale()) {
    await step('the server', verbose, () =>
      buildServer().then(
        () => ({ ok: true, said: '' }),
        (err: Error) => ({ ok: false, said: err.message }),
      ),
    );
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await main();
}
