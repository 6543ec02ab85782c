/**
 * `npm run lint:api` (part of `npm run check`): writes the OpenAPI document the app serves
 * (/api/openapi.json) to a file and lints it with Redocly's recommended rules and Spectral's
 * `spectral:oas` (.spectral.yaml). Any error or warning of either fails it (issue 46).
 * `--out <file>` keeps the document there.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../server/app';
import { fromPglite } from '../server/db/client';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);

/** A linter's command-line entry, read from its package's manifest. */
function bin(manifest: string, name: string): string {
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8')) as { bin: Record<string, string> };
  return join(dirname(manifest), bin[name]!);
}

/** The served document. It reads no data: an empty in-memory database builds the app. */
async function servedDocument(): Promise<string> {
  const database = fromPglite(await PGlite.create());
  const app = await buildApp({ database, logger: false });
  try {
    await app.ready();
    return JSON.stringify(app.swagger(), null, 2);
  } finally {
    await app.close();
    await database.close();
  }
}

function run(script: string, args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [script, ...args], {
      cwd: root,
      // No telemetry or update check from a lint run.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

interface RedoclyProblem {
  ruleId: string;
  severity: string;
  message: string;
  location: { pointer: string }[];
}

/** Redocly fails on errors only: its warnings are counted here. */
async function redocly(file: string): Promise<string[]> {
  const args = ['lint', '--extends', 'recommended', '--format', 'json', '--max-problems', '1000'];
  const { stdout, stderr } = await run(
    bin(require.resolve('@redocly/cli/package.json'), 'redocly'),
    [...args, file],
  );
  let problems: RedoclyProblem[];
  try {
    problems = (JSON.parse(stdout) as { problems: RedoclyProblem[] }).problems;
  } catch {
    return [`redocly did not run: ${stderr.trim() || stdout.trim()}`];
  }
  return problems.map(
    (p) => `redocly ${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`,
  );
}

interface SpectralProblem {
  code: string;
  /** 0 error, 1 warning, 2 information, 3 hint. */
  severity: number;
  message: string;
  path: string[];
}
const SEVERITIES = ['error', 'warning', 'information', 'hint'];

/** Spectral's errors and warnings (its information and hints are advice). */
async function spectral(file: string): Promise<string[]> {
  const ruleset = join(root, '.spectral.yaml');
  const args = ['lint', file, '--ruleset', ruleset, '--format', 'json', '--quiet'];
  const { stdout, stderr } = await run(
    bin(require.resolve('@stoplight/spectral-cli/package.json'), 'spectral'),
    args,
  );
  let problems: SpectralProblem[];
  try {
    problems = JSON.parse(stdout) as SpectralProblem[];
  } catch {
    return [`spectral did not run: ${stderr.trim() || stdout.trim()}`];
  }
  const pointer = (path: string[]) =>
    '/' + path.map((p) => p.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');
  return problems
    .filter((p) => p.severity <= 1)
    .map((p) => `spectral ${SEVERITIES[p.severity]} ${p.code} ${pointer(p.path)}: ${p.message}`);
}

async function main() {
  const outAt = process.argv.indexOf('--out');
  const dir = await mkdtemp(join(tmpdir(), 'openapi-'));
  const file =
    outAt > 0 && process.argv[outAt + 1] ? process.argv[outAt + 1]! : join(dir, 'openapi.json');
  try {
    await writeFile(file, await servedDocument());
    const problems = (await Promise.all([redocly(file), spectral(file)])).flat();
    if (problems.length) {
      console.error(problems.join('\n'));
      console.error(
        `\n  The API document has ${problems.length} lint problems (scripts/lint-api.ts).\n`,
      );
      process.exitCode = 1;
    } else {
      console.log('  The API document passes Redocly (recommended) and Spectral (spectral:oas).');
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
