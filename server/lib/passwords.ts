import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/** libuv's thread pool (Node's default size), which runs the hashes and the file system's work. */
const LIBUV_THREADS = 4;
/**
 * How many argon2 hashes run at once: one per core, and never the whole of libuv's pool. The
 * library hands each hash to that pool; with more hashes than cores they share the cores (each
 * takes longer and holds its 19 MB longer) and every file read waits behind all of them. Beyond
 * this the hashes wait their turn here, in order of arrival (docs/decisions/0011-embedded-
 * database-in-a-process-of-its-own.md).
 */
const HASHES_AT_ONCE = Math.max(1, Math.min(availableParallelism(), LIBUV_THREADS - 1));
let hashing = 0;
const queue: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  // A freed turn goes straight to the first in the queue, never to one arriving meanwhile.
  if (hashing < HASHES_AT_ONCE) hashing++;
  else await new Promise<void>((resolve) => queue.push(resolve));
  try {
    return await work();
  } finally {
    const next = queue.shift();
    if (next) next();
    else hashing--;
  }
}

// argon2id with the library's defaults (m=19456 KiB, t=2, p=1), as docs/architecture.md#identity asks.
export const hashPassword = (password: string) => inTurn(() => hash(password));

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await inTurn(() => verify(stored, password));
  } catch {
    return false;
  }
}

// Verifying against a real hash when the user does not exist keeps login time the same for
// unknown usernames, so timing does not reveal which usernames exist.
let dummyHash: Promise<string> | undefined;
export function dummyVerify(password: string): Promise<boolean> {
  dummyHash ??= hashPassword('not-a-real-password');
  return dummyHash.then((h) => verifyPassword(h, password));
}
