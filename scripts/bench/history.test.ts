import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { against, appendRun, comparison, previousOf, readHistory, runOf } from './history';

// Issue 47 item 4: every run appends its figures with their ratios, and shows them against the
// last run of the same kind.
describe('the benchmark history', () => {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
  });
  const scratchFile = async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'vw-bench-history-'));
    dirs.push(dir);
    return path.join(dir, 'history.jsonl');
  };
  const run = (kind: string, comments: number, bare: number) =>
    runOf({
      kind,
      engine: 'embedded PGlite',
      videos: 10_000,
      figures: [
        against('post a comment', comments, 'req/s', { name: 'of the bare route', value: bare }),
      ],
      targets: [
        { what: 'post a comment at least 2.5% of the bare route', ok: comments >= bare * 0.025 },
      ],
    });

  it('states each figure with its yardstick and ratio', () => {
    expect(against('status change', 4.5, 'ms', { name: 'a commit', value: 0.25 })).toEqual({
      name: 'status change',
      value: 4.5,
      unit: 'ms',
      of: { name: 'a commit', value: 0.25, ratio: 18 },
    });
  });

  it('appends runs one a line and finds the last of the same kind', async () => {
    const file = await scratchFile();
    expect(readHistory(file)).toEqual([]);
    appendRun(run('quick', 200, 40_000), file);
    appendRun(run('full', 300, 60_000), file);
    appendRun(run('quick', 250, 40_000), file);
    const history = readHistory(file);
    expect(history.map((r) => [r.kind, r.figures[0]!.value])).toEqual([
      ['quick', 200],
      ['full', 300],
      ['quick', 250],
    ]);
    expect(history[2]!.targets).toEqual([
      { what: 'post a comment at least 2.5% of the bare route', ok: false },
    ]);
    expect(history[0]!.commit).toMatch(/^[0-9a-f]{7,}$|^unknown$/);
    const next = run('quick', 500, 20_000);
    expect(previousOf(history, next)?.figures[0]!.value).toBe(250);
    expect(previousOf(history, run('writes', 1, 1))).toBeUndefined();
  });

  it('prints a figure against the previous run with how its ratio moved', () => {
    const before = run('quick', 200, 40_000); // 0.50% of the bare route
    const now = run('quick', 300, 20_000); // 1.50%: three times the ratio, on a slower machine
    const lines = comparison(now, before);
    expect(lines[1]).toBe(
      '  post a comment: 300 req/s (1.50% of the bare route) against 200 req/s (0.50% of the bare route), ratio 3.00x the previous',
    );
    expect(comparison(now, undefined)).toEqual([
      'No earlier quick run on embedded PGlite in the history to compare with.',
    ]);
  });
});
