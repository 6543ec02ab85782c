/**
 * Throwaway resources for the suites, the benchmark and the browser suite's server: a free
 * loopback port, and an empty database of its own on a PostgreSQL server.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import pg from 'pg';
import { readTestSettings } from '../env';

/** Whether `port` can be bound on 127.0.0.1 right now (0: any free one); which one it was. */
function probe(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.on('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : null));
    });
  });
}

/**
 * A port on 127.0.0.1 that was free a moment ago (the caller binds it right away): any, or one
 * of TEST_PORTS (`5600-5649`) when a shared machine gives each checkout a range of its own.
 */
export async function freePort(range = readTestSettings().testPorts): Promise<number> {
  if (!range) {
    const port = await probe(0);
    if (port === null) throw new Error('no port');
    return port;
  }
  const size = range.last - range.first + 1;
  const start = Math.floor(Math.random() * size);
  for (let i = 0; i < size; i++) {
    const port = await probe(range.first + ((start + i) % size));
    if (port !== null) return port;
  }
  throw new Error(`no free port in TEST_PORTS ${range.first}-${range.last}`);
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
