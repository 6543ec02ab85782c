/**
 * Throwaway resources for the suites, the benchmark and the browser suite's server: a free
 * loopback port, and an empty database of its own on a PostgreSQL server.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import pg from 'pg';

/** A port on 127.0.0.1 that was free a moment ago (the caller binds it right away). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}

async function onServer(serverUrl: string, statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export interface ScratchDatabase {
  name: string;
  /** `serverUrl` with this database's name. */
  url: string;
  /** Drops it, connections still open or not. */
  drop(): Promise<void>;
}

/** An empty database named `<prefix>_<random>` on the server at `serverUrl`. */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
