/**
 * The benchmark's history (issue 47): each run of `npm run bench` appends its figures, with the
 * figure each is measured against in the same run, to docs/benchmarks-history.jsonl (one JSON
 * object a line), and prints them beside the last run of the same kind, so a change shows
 * against the runs before it. A ratio is what is compared: the milliseconds and requests a second
 * follow the machine's speed, its ratio to a yardstick measured beside it much less.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';

export const HISTORY_FILE = fileURLToPath(
  new URL('../../docs/benchmarks-history.jsonl', import.meta.url),
);

/** One figure of a run: what it measured, and its ratio to the yardstick of the same run. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The yardstick's name and value (in the same unit as `value` unless said) and the ratio. */
  of?: { name: string; value: number; ratio: number };
}

/** A target: the figure it judges, the ratio it must keep, and whether it did. */
export interface Judged {
  what: string;
  ok: boolean;
}

export interface Run {
  at: string;
  /** The commit measured, and whether the working tree had changes on top of it. */
  commit: string;
  changed: boolean;
  /** Which run: `full`, `quick`, `writes`… with the database and the agency's size. */
  kind: string;
  engine: string;
  videos: number;
  cores: number;
  /** The machine's load average (1 minute) when the run ended. */
  load: number;
  figures: Figure[];
  targets: Judged[];
}

/** The figure `value` against `yardstick`, as a ratio. */
export function against(
  name: string,
  value: number,
  unit: string,
  yardstick: { name: string; value: number },
): Figure {
  return {
    name,
    value,
    unit,
    of: { ...yardstick, ratio: yardstick.value > 0 ? value / yardstick.value : 0 },
  };
}

/** What git says of the working tree: the commit and whether anything is changed on top. */
function gitState(): { commit: string; changed: boolean } {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' });
    const status = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      encoding: 'utf8',
    });
    return { commit: commit.trim(), changed: status.trim() !== '' };
  } catch {
    return { commit: 'unknown', changed: false };
  }
}

/** A run as the history keeps it, taken now. */
export function runOf(
  fields: Pick<Run, 'kind' | 'engine' | 'videos' | 'figures' | 'targets'>,
): Run {
  return {
    at: new Date().toISOString(),
    ...gitState(),
    ...fields,
    cores: availableParallelism(),
    load: Math.round(loadavg()[0]! * 100) / 100,
  };
}

export function readHistory(file = HISTORY_FILE): Run[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Run);
}

/** The last run in `history` of the same kind, engine and size as `run`. */
export function previousOf(history: readonly Run[], run: Run): Run | undefined {
  return history.findLast(
    (r) => r.kind === run.kind && r.engine === run.engine && r.videos === run.videos,
  );
}

const shown = (n: number) =>
  Math.abs(n) >= 100 ? Math.round(n).toLocaleString('en-US') : String(Math.round(n * 100) / 100);
const ratioShown = (f: Figure) =>
  f.of
    ? ` (${f.of.ratio < 0.1 ? `${(f.of.ratio * 100).toFixed(2)}%` : `${f.of.ratio.toFixed(2)}x`} ${f.of.name})`
    : '';

/**
 * Each figure of `run` beside the same figure of `previous`: the value and its ratio then and
 * now, and how the ratio moved (now / then).
 */
export function comparison(run: Run, previous: Run | undefined): string[] {
  if (!previous)
    return [`No earlier ${run.kind} run on ${run.engine} in the history to compare with.`];
  const lines = [
    `Against the previous ${run.kind} run (${previous.at.slice(0, 16)}, ${previous.commit}${previous.changed ? ' with changes' : ''}, load ${previous.load}):`,
  ];
  for (const figure of run.figures) {
    const before = previous.figures.find((f) => f.name === figure.name);
    const now = `${shown(figure.value)} ${figure.unit}${ratioShown(figure)}`;
    if (!before) {
      lines.push(`  ${figure.name}: ${now}, new`);
      continue;
    }
    const moved =
      figure.of && before.of && before.of.ratio > 0
        ? `, ratio ${(figure.of.ratio / before.of.ratio).toFixed(2)}x the previous`
        : '';
    lines.push(
      `  ${figure.name}: ${now} against ${shown(before.value)} ${before.unit}${ratioShown(before)}${moved}`,
    );
  }
  return lines;
}

/** Appends `run` to the history file. */
export function appendRun(run: Run, file = HISTORY_FILE): void {
  appendFileSync(file, `${JSON.stringify(run)}\n`);
}
