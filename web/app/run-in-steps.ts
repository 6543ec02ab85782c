import { CHUNKS_SCRIPT_ID } from './boot';

/** Lets the browser run what waits (input, paint), then goes on in a task of its own. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** How many files' fetches one task starts: each start cost about 0.4 ms here. */
const FETCHES_A_TASK = 8;

/** The script files the server named for the page it drew, each after its imports (boot.ts). */
function namedFiles(): string[] {
  try {
    const text = document.getElementById(CHUNKS_SCRIPT_ID)?.textContent ?? '[]';
    const files: unknown = JSON.parse(text);
    return Array.isArray(files) ? files.filter((file) => typeof file === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Runs the app's and the screen's code for a page the server drew before it is hydrated, one
 * file a task: all are fetched at once (modulepreload, a few a task), then each is imported
 * after the files it imports, so no file runs with the others. Imported by the hydration code
 * itself, they ran in one task of 40 to 60 ms here, 160 to 240 ms on Lighthouse's 4x slower
 * phone, all of it blocking time (issue 47; ADR 0009, addendum). A file that fails to load is
 * passed over: the hydration's own import then fails as before, inside its error handling.
 */
export async function runNamedFilesInSteps(): Promise<void> {
  const files = namedFiles();
  for (let i = 0; i < files.length; i += FETCHES_A_TASK) {
    for (const file of files.slice(i, i + FETCHES_A_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = file;
      document.head.append(link);
    }
    await nextTask();
  }
  for (const file of files) {
    await import(/* @vite-ignore */ file).catch(() => undefined);
    await nextTask();
  }
}
