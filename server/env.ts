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
  /** Login and register attempts per minute per client address. */
  authRateLimit: number;
  /** NODE_ENV=production: JSON start-up lines, API reference for staff only, proxy trusted. */
  production: boolean;
  /**
   * Whose X-Forwarded-For/-Proto/-Host to believe: false (nobody), true (anyone: only when
   * every connection comes through the proxy), a hop count, or addresses/CIDRs/`loopback`.
   */
  trustProxy: boolean | number | string;
}

function parsePort(raw: string | undefined): number {
  if (!raw) return 5000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number between 0 and 65535 (got "${raw}")`);
  }
  return port;
}

function parseRateLimit(raw: string | undefined): number {
  if (!raw) return 20;
  const limit = Number(raw);
  if (!Number.isInteger(limit) || limit < 1) {
    throw new Error(`AUTH_RATE_LIMIT must be a whole number of at least 1 (got "${raw}")`);
  }
  return limit;
}

function parseTrustProxy(raw: string | undefined, production: boolean) {
  // In production the usual set-up is a proxy on the same host (docs/deploy.md).
  if (raw === undefined || raw.trim() === '') return production ? 'loopback' : false;
  const value = raw.trim();
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  if (!/^[\w.:/,\s]+$/.test(value)) {
    throw new Error(
      `TRUST_PROXY must be true, false, a hop count or addresses/CIDRs separated by commas (got "${raw}")`,
    );
  }
  return value;
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
    authRateLimit: parseRateLimit(env.AUTH_RATE_LIMIT),
    production,
    trustProxy: parseTrustProxy(env.TRUST_PROXY, production),
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
