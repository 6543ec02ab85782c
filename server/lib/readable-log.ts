/**
 * The development log, for people: pino's JSON lines (already redacted) turned into one line per
 * request, `14:02:11 GET /api/videos 200 3 ms`, and other messages as `14:02:11 WARN message`
 * with the other fields after it and an error's stack below. Production keeps the JSON lines.
 */

const LEVELS: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: '',
  40: 'WARN',
  50: 'ERROR',
  60: 'FATAL',
};

/** Fields shown in the line's own words, or of no use to a person reading the terminal. */
const SHOWN = new Set(['level', 'time', 'pid', 'hostname', 'reqId', 'msg', 'req', 'res', 'err']);

/** Requests still open, by id; a socket upgrade never completes, so the oldest go past this. */
const OPEN_REQUESTS_KEPT = 1_000;

interface Entry {
  level?: number;
  time?: number;
  reqId?: string;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { message?: string; stack?: string };
  [field: string]: unknown;
}

const clock = (time: number | undefined) => new Date(time ?? Date.now()).toTimeString().slice(0, 8);

function extras(entry: Entry): string {
  return Object.entries(entry)
    .filter(([key]) => !SHOWN.has(key) && key !== 'responseTime')
    .map(([key, value]) => ` ${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join('');
}

/** A pino destination: write the result to `out` (the terminal). */
export function readableLog(out: { write(text: string): unknown }) {
  const open = new Map<string, string>();

  const format = (entry: Entry): string | null => {
    const time = clock(entry.time);
    const request = entry.reqId === undefined ? undefined : open.get(entry.reqId);
    if (entry.msg === 'incoming request' && entry.reqId !== undefined) {
      open.set(entry.reqId, `${entry.req?.method ?? '?'} ${entry.req?.url ?? '?'}`);
      if (open.size > OPEN_REQUESTS_KEPT) open.delete(open.keys().next().value!);
      return null;
    }
    if (entry.msg === 'request completed' && entry.reqId !== undefined) {
      open.delete(entry.reqId);
      const ms = Math.round(entry.responseTime ?? 0);
      return `${time} ${request ?? entry.reqId} ${entry.res?.statusCode ?? '?'} ${ms} ms`;
    }
    const label = LEVELS[entry.level ?? 30] ?? `LEVEL ${entry.level}`;
    const head = [time, label, request && `${request}:`, entry.msg ?? entry.err?.message]
      .filter(Boolean)
      .join(' ');
    const stack = entry.err?.stack ? `\n    ${entry.err.stack.replace(/\n/g, '\n    ')}` : '';
    return `${head}${extras(entry)}${stack}`;
  };

  return {
    write(line: string) {
      let entry: Entry;
      try {
        entry = JSON.parse(line) as Entry;
      } catch {
        out.write(line);
        return;
      }
      const text = format(entry);
      if (text !== null) out.write(`${text}\n`);
    },
  };
}
