/**
 * What the database's work costs the requests that need none of it: a route without the
 * database, asked one at a time every `pauseMs` while `load` runs. On a server whose database
 * runs on its event loop (PGlite in the process, before ADR 0008) each answer waits for the
 * query in progress; with the database in its own thread it does not.
 */
export interface ProbeResult {
  answers: number;
  p50: number;
  p99: number;
  max: number;
}

export async function probeWhile(
  url: string,
  load: Promise<unknown>,
  pauseMs = 20,
): Promise<ProbeResult> {
  let running = true;
  void load.finally(() => (running = false)).catch(() => {});
  const times: number[] = [];
  while (running) {
    const started = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
    times.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, pauseMs));
  }
  await load;
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  return { answers: times.length, p50: at(0.5), p99: at(0.99), max: times.at(-1) ?? 0 };
}
