/**
 * A Vitest reporter for .ci/run's summary (issue 40): how many test files and tests ran on each
 * database. It appends one line per project to the file named by DATABASE_COUNTS_FILE:
 * `<project> <label> <files run> <tests passed> <tests skipped>`; .ci/run adds them up.
 */
import { appendFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

const LABELS: Record<string, string> = {
  'api-pglite': 'PGlite',
  'api-pglite-processes': 'PGlite',
  'api-postgres': 'PostgreSQL',
};

export default class DatabaseCounts implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const file = process.env.DATABASE_COUNTS_FILE;
    if (!file) return;
    const byProject = new Map<string, { files: number; passed: number; skipped: number }>();
    for (const module of modules) {
      const name = module.project.name;
      const row = byProject.get(name) ?? { files: 0, passed: 0, skipped: 0 };
      const tests = [...module.children.allTests()].map((test) => test.result().state);
      if (tests.some((state) => state !== 'skipped')) row.files += 1;
      row.passed += tests.filter((state) => state === 'passed').length;
      row.skipped += tests.filter((state) => state === 'skipped').length;
      byProject.set(name, row);
    }
    for (const [name, row] of byProject)
      appendFileSync(
        file,
        `${name} ${LABELS[name] ?? '-'} ${row.files} ${row.passed} ${row.skipped}\n`,
      );
  }
}
