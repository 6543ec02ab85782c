/*
 * The web app's layers (bulletproof-react's restricted zones, import-x/no-restricted-paths):
 * - web/app puts the screens together (router, layouts, routes): it may import anything in web/.
 * - web/features/<name> is one part of the product. It imports its own folder, the shared layers
 *   and domain/, never another feature and never app/. A screen that needs two features is
 *   composed in app/routes, which hands one feature's pieces to the other as props.
 * - The shared layers web/api (server calls), web/components (UI), web/hooks and web/lib import
 *   each other and domain/, never a feature or app/.
 *
 * The server's layers (import-x/no-restricted-paths and import-x/no-cycle, for server/ and domain/):
 * - Between server/modules and server/plugins, imports run one way: a route module uses the
 *   plugins (the session, the errors, the read cache); a plugin never imports a module. What one
 *   needs of a module (the realtime hub's notification reads) is handed to it where server/app.ts
 *   registers it.
 * - Who may read which video is declared in domain/video-access.ts; the team and scope facts of
 *   the server (the viewer's scope, readableBy, readableCount, the video counts) live in
 *   server/modules/scope/, which videos, assignments, team-leads and notifications import, and
 *   which imports none of them.
 * - No file imports itself back through others (no circle), in server/ and domain/ alike.
 */
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

const FEATURES = readdirSync('web/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const SHARED = ['web/api', 'web/components', 'web/hooks', 'web/lib'];
/** The layers above as import-x zones: what each folder may not import. */
const zones = [
  ...FEATURES.map((feature) => ({
    target: `web/features/${feature}`,
    from: 'web/features',
    except: [`./${feature}`],
    message: 'A feature does not import another feature: compose them in web/app.',
  })),
  {
    target: 'web/features',
    from: 'web/app',
    message: 'A feature does not import web/app.',
  },
  {
    target: SHARED,
    from: 'web/features',
    message: 'The shared layers (api, components, hooks, lib) do not import a feature.',
  },
  {
    target: SHARED,
    from: 'web/app',
    message: 'The shared layers (api, components, hooks, lib) do not import web/app.',
  },
];

/** The server's one-way rule above, as an import-x zone. */
const serverZones = [
  {
    target: 'server/plugins',
    from: 'server/modules',
    message: 'A plugin does not import a module: server/app.ts hands it what it needs.',
  },
  {
    target: 'server/modules/scope',
    from: 'server/modules',
    except: ['./scope'],
    message: 'The scope facts import no module: the modules import them.',
  },
];

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'coverage', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Type-aware: the rules that need the compiler's types (floating promises, unsafe any, …).
  ...tseslint.configs.recommendedTypeCheckedOnly.map((config) => ({
    ...config,
    files: ['**/*.{ts,tsx}'],
  })),
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Fastify plugins and hooks are async functions by contract, awaited or not.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // A test reads answers as parsed JSON (any) and checks their shape with its assertions; the
    // OpenAPI drift test checks the shapes themselves against the document.
    files: [
      '**/*.test.{ts,tsx}',
      '**/test-fixtures.ts',
      'e2e/**/*.ts',
      'server/test/**/*.ts',
      'web/test/**/*.{ts,tsx}',
    ],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // `await response.json() as T` names what the answer should be; the assertions check it.
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // Test doubles and table rows pass methods and odd values around on purpose.
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
      '@typescript-eslint/no-floating-promises': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      // Resolves .ts/.tsx and `@domain/*` the way TypeScript does: an import it cannot resolve
      // would pass the zones unchecked (scripts/lint-boundaries.test.ts).
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.json'],
          tsconfig: { configFile: 'tsconfig.json' },
        }),
      ],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'import-x/no-restricted-paths': ['error', { zones }],
    },
  },
  {
    files: ['server/**/*.ts', 'domain/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // no-cycle follows the imports it can parse: TypeScript's files, not node_modules'.
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.js', '.json'],
          tsconfig: { configFile: 'tsconfig.json' },
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // A test may set up its scene with any module's help.
    files: ['server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: serverZones }],
    },
  },
  {
    // One width hook for every screen, so a page the server draws for a width is drawn the
    // same in the browser's first render (ADR 0009): web/hooks/use-width-query.ts.
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['web/hooks/use-width-query.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mantine/hooks',
              importNames: ['useMediaQuery'],
              message: 'Use web/hooks/use-width-query.ts (usePhoneLayout, useDesktopLayout).',
            },
          ],
        },
      ],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // No fixed sleep in a test or a test helper (issue 40): wait for the condition instead
    // (vi.waitFor, expect.poll, an awaited event or message, Playwright's auto-waiting
    // locators), with a timeout that only bounds failure. A test that proves something does NOT
    // happen within a window, or paces a load, may keep a bounded wait behind
    // `// eslint-disable-next-line no-restricted-syntax -- fixed wait: <the reason>`.
    files: [
      '**/*.test.{ts,tsx}',
      '**/*.fault.ts',
      'e2e/**/*.ts',
      'server/test/**/*.ts',
      'web/test/**/*.{ts,tsx}',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          // new Promise((r) => setTimeout(r, ms)) and setTimeout(() => r(), ms)
          "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout'][arguments.0.type='Identifier']",
          "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout'][arguments.0.type='ArrowFunctionExpression'][arguments.0.body.type='CallExpression'][arguments.0.body.arguments.length=0]",
          // page.waitForTimeout(ms)
          "CallExpression[callee.property.name='waitForTimeout']",
          // a sleep or delay helper, and node:timers/promises' setTimeout
          'CallExpression[callee.name=/^(sleep|delay|pause|wait)$/]',
          'CallExpression[callee.property.name=/^(sleep|delay)$/]',
          'ImportDeclaration[source.value=/^(node:)?timers\\/promises$/]',
        ].map((selector) => ({
          selector,
          message:
            'A fixed sleep in a test: wait for the condition (vi.waitFor, expect.poll, an awaited event, a locator). Proving that something does NOT happen in a window: `// eslint-disable-next-line no-restricted-syntax -- fixed wait: <reason>`.',
        })),
      ],
    },
  },
  {
    // process.env is read in one place only (docs/settings.md).
    files: ['server/**/*.ts', 'domain/**/*.ts', 'web/**/*.{ts,tsx}'],
    ignores: ['server/env.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings through server/env.ts' },
      ],
    },
  },
);
