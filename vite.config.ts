import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { mantineStyles } from './scripts/vite/mantine-styles.ts';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
const MIN_BYTES = 1024;
const UI_LIBRARIES =
  /node_modules[\\/](@mantine[\\/](core|hooks|notifications|form|modals|store)|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-sidecar|use-callback-ref|react-transition-group|react-number-format|react-textarea-autosize|get-nonce|detect-node-es|tslib|clsx|dom-helpers|@babel[\\/]runtime)[\\/]/;

/**
 * Writes a .br and a .gz beside every text file of the build, once, at build time; the server
 * sends them to browsers that ask (@fastify/static preCompressed, server/plugins/web.ts), so no
 * request pays for compression and the landing page's JavaScript crosses the network at a
 * quarter of its size (issue 9 part 6).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'vw-precompress',
    apply: 'build',
    // The browser's files only: the server renderer (dist/ssr) is read from disk by the server.
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      await Promise.all(
        entries
          .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
          .map(async (e) => {
            const file = path.join(e.parentPath, e.name);
            const content = await readFile(file);
            if (content.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(content, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: 11,
                  [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                },
              }),
              gzipAsync(content, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          }),
      );
    },
  };
}

export default defineConfig({
  root: 'web',
  plugins: [react(), mantineStyles({ root: import.meta.dirname }), precompress()],
  // `vite build` builds both environments: the browser's files (dist/web) and the server's
  // renderer of the dashboards' first screen (dist/ssr, web/app/server-render.tsx, ADR 0009).
  builder: {},
  environments: {
    ssr: {
      // Every package in the renderer's files, only what the screens use: loaded from
      // node_modules, Mantine's index loads every component, which cost the server 27 MB more
      // once a dashboard was drawn (ADR 0012). React too, built as the browser's is (Vite sets
      // NODE_ENV to production for a build before it reads this file): from node_modules, React
      // chose its development build wherever the server ran without NODE_ENV=production, as
      // `npm start` does (the dashboards were drawn about a third slower, issue 40). One file:
      // its chunks imported each other in a circle, which Vitest's module runner does not
      // evaluate (server/plugins/web-drawn.test.ts; ADR 0012, addendum).
      resolve: { noExternal: true },
      define: { 'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV ?? 'production') },
      build: {
        outDir: '../dist/ssr',
        emptyOutDir: true,
        manifest: false,
        rolldownOptions: {
          input: { 'server-render': 'app/server-render.tsx' },
          output: { codeSplitting: false },
        },
      },
    },
  },
  // `@domain/*` as tsconfig.json names it.
  resolve: { tsconfigPaths: true },
  build: {
    outDir: '../dist/web',
    // A dynamic import does not preload its chunk's imports (its stylesheets still load first):
    // Vite's helper appends one <link rel=modulepreload> a file, all in the importing task, and a
    // dashboard the server drew imports some sixty files as it starts hydrating, which on
    // Lighthouse's 4x slower phone was the longest task after the first paint (ADR 0009,
    // addendum). index.html keeps the preloads of the entry's imports, and the server names a
    // screen's files in the pages it does not draw (server/plugins/web-page.ts).
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    // Read by the server to name each screen's files in the page it sends (server/plugins/web-page.ts).
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // React stays in the entry file, which the landing page needs anyway; React Router
          // and TanStack Query go with the app's chunk (web/app/app.tsx), which it does not.
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'mantine-forms',
              test: /node_modules[\\/](react-number-format|@mantine[\\/]form|@mantine[\\/]core[\\/]esm[\\/]components[\\/](NumberInput|Table|Timeline|Tabs|SegmentedControl|PasswordInput|Stepper|Slider|FileInput|Textarea|NumberFormatter|Chip|Grid|Skeleton))[\\/]/,
              priority: 1,
            },
            {
              // Mantine's styles system, hooks and what they draw with, apart from its components:
              // a drawn page runs its files one a task (web/app/run-in-steps.ts), and the whole
              // of Mantine was one task of about 26 ms here, 100 on Lighthouse's phone (issue 47).
              name: 'mantine-base',
              test: /node_modules[\\/](@mantine[\\/](hooks|store)|@mantine[\\/]core[\\/]esm[\\/]core|@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-sidecar|use-callback-ref|get-nonce|detect-node-es|tslib|clsx|dom-helpers|@babel[\\/]runtime)[\\/]/,
              priority: 1,
            },
            {
              // Mantine's components, in one file: the app's first screen needs most of them, and
              // forty small files cost a phone forty requests over six connections.
              // Charts and date pickers stay with the screens that use them.
              name: 'mantine',
              test: UI_LIBRARIES,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // changeOrigin stays false so the API sees the browser's host and the Origin check passes.
    proxy: {
      '/api': { target: 'http://localhost:5000' },
      '/ws': { target: 'ws://localhost:5000', ws: true },
    },
  },
});
