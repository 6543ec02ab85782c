/**
 * The only reader of process.env (DESIGN.md section 2). Everything else receives settings
 * through the objects built here.
 */
import { randomBytes } from 'node:crypto';

export interface Settings {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  kingPassword: string | undefined;
  logLevel: string;
  production: boolean;
}

function parsePort(raw: string | undefined): number {
  if (!raw) return 5000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number between 0 and 65535 (got "${raw}")`);
  }
  return port;
}

export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const production = env.NODE_ENV === 'production';
  return {
    port: parsePort(env.PORT),
    host: env.HOST || '0.0.0.0',
    dataDir: env.DATA_DIR || './data',
    databaseUrl: env.DATABASE_URL || undefined,
    kingPassword: env.KING_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    production,
  };
}

/** Settings the test helpers need: which PostgreSQL server (if any) the database suites use. */
export function readTestSettings(env: NodeJS.ProcessEnv = process.env) {
  return {
    testDatabaseUrl: env.TEST_DATABASE_URL || undefined,
    /** Set by vitest's project config: 'pglite' or 'postgres'. */
    testDriver: env.TEST_DB_DRIVER === 'postgres' ? ('postgres' as const) : ('pglite' as const),
    chromiumPath: env.CHROMIUM_PATH || '/usr/bin/chromium',
    e2eBaseUrl: env.E2E_BASE_URL || undefined,
  };
}

export const generatePassword = () => randomBytes(12).toString('base64url');
