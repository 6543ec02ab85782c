/**
 * The web app's import boundaries (eslint.config.js) hold: `npm run check` fails on a feature
 * importing another feature, or a shared layer importing a feature. The rule skips an import it
 * cannot resolve, so this also guards the resolver settings.
 */
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// The example files below do not exist, so the type-aware rules (which read them from the
// TypeScript project) are left out; the boundary rule needs only the resolver.
const eslint = new ESLint({
  overrideConfig: { files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked },
});

/** The boundary errors of `code` as if it were the file at `filePath`. */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths')
    .map((m) => m.message);
}

describe('web import boundaries', () => {
  it('refuses a feature importing another feature, or web/app', async () => {
    const file = 'web/features/admin/components/example.tsx';
    expect(
      await boundaryErrors(file, "import { x } from '../../comments/components/comments-panel';"),
    ).toEqual([expect.stringContaining('A feature does not import another feature')]);
    expect(await boundaryErrors(file, "import { x } from '../../../app/routes/team';")).toEqual([
      expect.stringContaining('A feature does not import web/app'),
    ]);
  });

  it('lets a feature import its own folder, the shared layers and domain', async () => {
    const file = 'web/features/admin/components/example.tsx';
    for (const source of [
      './stat-tile',
      '../lib/user-list',
      '../../../components/loading-state',
      '../../../hooks/use-auth',
      '../../../lib/api-client',
      '@domain/roles',
    ]) {
      expect(await boundaryErrors(file, `import { x } from '${source}';`), source).toEqual([]);
    }
  });

  it('refuses a shared layer importing a feature or web/app', async () => {
    expect(
      await boundaryErrors(
        'web/components/example.tsx',
        "import { x } from '../features/admin/components/stat-tile';",
      ),
    ).toEqual([expect.stringContaining('do not import a feature')]);
    expect(
      await boundaryErrors('web/hooks/example.ts', "import { x } from '../app/routes/team';"),
    ).toEqual([expect.stringContaining('do not import web/app')]);
  });

  it('lets web/app import any feature', async () => {
    expect(
      await boundaryErrors(
        'web/app/routes/example.tsx',
        "import { x } from '../../features/team/components/team-tab';",
      ),
    ).toEqual([]);
  });
});
