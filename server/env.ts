/**
 * The only reader of process.env (docs/settings.md). Everything else receives settings
 * through the objects built here.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';

export interface Settings {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  kingPassword: string | undefined;
  logLevel: string;
  /** Login and register attempts per minute per client address. */
  authRateLimit: number;
  /** Change-password attempts per 15 minutes per user (and four times that per address). */
  passwordRateLimit: number;
  /** Writes that notify other people (comments, status changes, ...) per minute per user. */
  writeRateLimit: number;
  /** A session ends after this many days without a request ... */
  sessionIdleDays: number;
  /** ... and this many days after sign-in, however much it is used. */
  sessionMaxDays: number;
  /** NODE_ENV=production: JSON start-up lines, API reference for staff only, proxy trusted. */
  production: boolean;
  /**
   * Whose X-Forwarded-For/-Proto/-Host to believe: false (nobody), true (anyone: only when
   * every connection comes through the proxy), a hop count, or addresses/CIDRs/`loopback`.
   */
  trustProxy: boolean | number | string;
  /** Email (docs/rules.md "Email"): without SMTP_URL messages are kept in the outbox, not sent. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** The address people reach the app at, for links in emails. */
  publicUrl: string;
  /**
   * DATABASE_PING_TIMEOUT (seconds): the embedded database's process, pinged every 2 s, is
   * killed and restarted when it has not answered for this long (server/db/embedded.ts). A
   * single statement running longer than this would be cut too.
   */
  databasePingTimeoutSeconds: number;
  /**
   * QUEUE_TIMEOUT (seconds): a request that waited longer than this before the server could
   * start on it is answered 503 with Retry-After (server/plugins/load-shedding.ts).
   */
  queueTimeoutSeconds: number;
  /**
   * READ_CACHE (`on`, the default, or `off`): `off` turns off every cache that keeps answers
   * between requests (the read cache of `cacheable` GETs with its kept tags and list deltas, the
   * session cache, the unread counts and bell lists, the videos' kept JSON and list versions, the
   * staff's client list): every read goes to the database. Answers are the same, only slower;
   * conditional reads still get 304 when the answer's bytes hash to the tag the reader holds
   * (docs/decisions/0013-conditional-reads.md), but never a 226 delta. Kept for diagnosis and
   * for the differential test that proves the caches right (server/ops/read-cache-diff.test.ts).
   */
  readCache: boolean;
}

function parsePort(raw: string | undefined): number {
  if (!raw) return 5000;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a whole number between 0 and 65535 (got "${raw}")`);
  }
  return port;
}

function parseWhole(name: string, raw: string | undefined, fallback: number): number {
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`${name} must be a whole number of at least 1 (got "${raw}")`);
  }
  return value;
}

export const SETTING_DEFAULTS = {
  authRateLimit: 20,
  passwordRateLimit: 5,
  writeRateLimit: 60,
  sessionIdleDays: 7,
  sessionMaxDays: 30,
  databasePingTimeoutSeconds: 10,
  queueTimeoutSeconds: 10,
} as const;

function parseReadCache(raw: string | undefined): boolean {
  const value = raw?.trim().toLowerCase();
  if (!value || value === 'on') return true;
  if (value === 'off') return false;
  throw new Error(`READ_CACHE must be on or off (got "${raw}")`);
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

function parsePublicUrl(raw: string | undefined, port: number): string {
  if (!raw) return `http://localhost:${port}`;
  try {
    const url = new URL(raw);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  } catch {
    // said below
  }
  throw new Error(
    `PUBLIC_URL must be an http(s) address like https://videos.example.com (got "${raw}")`,
  );
}

function parseSmtpUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  if (!/^smtps?:\/\//.test(raw)) {
    throw new Error('SMTP_URL must start with smtp:// or smtps:// (smtp://user:pass@host:587)');
  }
  return raw;
}

export function readSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const production = env.NODE_ENV === 'production';
  const port = parsePort(env.PORT);
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: env.DATA_DIR || './data',
    databaseUrl: env.DATABASE_URL || undefined,
    kingPassword: env.KING_PASSWORD || undefined,
    logLevel: env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    authRateLimit: parseWhole(
      'AUTH_RATE_LIMIT',
      env.AUTH_RATE_LIMIT,
      SETTING_DEFAULTS.authRateLimit,
    ),
    passwordRateLimit: parseWhole(
      'PASSWORD_RATE_LIMIT',
      env.PASSWORD_RATE_LIMIT,
      SETTING_DEFAULTS.passwordRateLimit,
    ),
    writeRateLimit: parseWhole(
      'WRITE_RATE_LIMIT',
      env.WRITE_RATE_LIMIT,
      SETTING_DEFAULTS.writeRateLimit,
    ),
    sessionIdleDays: parseWhole(
      'SESSION_IDLE_DAYS',
      env.SESSION_IDLE_DAYS,
      SETTING_DEFAULTS.sessionIdleDays,
    ),
    sessionMaxDays: parseWhole(
      'SESSION_MAX_DAYS',
      env.SESSION_MAX_DAYS,
      SETTING_DEFAULTS.sessionMaxDays,
    ),
    production,
    trustProxy: parseTrustProxy(env.TRUST_PROXY, production),
    smtpUrl: parseSmtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM || 'Video workflow <no-reply@localhost>',
    publicUrl: parsePublicUrl(env.PUBLIC_URL, port),
    databasePingTimeoutSeconds: parseWhole(
      'DATABASE_PING_TIMEOUT',
      env.DATABASE_PING_TIMEOUT,
      SETTING_DEFAULTS.databasePingTimeoutSeconds,
    ),
    queueTimeoutSeconds: parseWhole(
      'QUEUE_TIMEOUT',
      env.QUEUE_TIMEOUT,
      SETTING_DEFAULTS.queueTimeoutSeconds,
    ),
    readCache: parseReadCache(env.READ_CACHE),
  };
}

/** Debian's `chromium-headless-shell` package puts its browser here. */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/** Settings the test helpers need: which PostgreSQL server (if any) the database suites use. */
export function readTestSettings(env: NodeJS.ProcessEnv = process.env) {
  return {
    testDatabaseUrl: env.TEST_DATABASE_URL || undefined,
    /** Set by vitest's project config: 'pglite' or 'postgres'. */
    testDriver: env.TEST_DB_DRIVER === 'postgres' ? ('postgres' as const) : ('pglite' as const),
    /** The Chromium that times pages as people see them (npm run bench:lead). */
    chromiumPath: env.CHROMIUM_PATH || '/usr/bin/chromium',
    /**
     * The browser suite's Chromium: CHROMIUM_PATH, else Debian's headless shell where it is
     * installed (the same engine without the full browser's windowing: a fifth less CPU a run,
     * ADR 0024), else /usr/bin/chromium.
     */
    e2eChromiumPath:
      env.CHROMIUM_PATH || (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
    e2eBaseUrl: env.E2E_BASE_URL || undefined,
    testPorts: parsePortRange(env.TEST_PORTS),
    /**
     * READ_CACHE_DIFF_SEED: the seed of the read caches' differential test
     * (server/ops/read-cache-diff.test.ts), a number or `random`; a fixed one unless told.
     */
    readCacheDiffSeed: env.READ_CACHE_DIFF_SEED || undefined,
    /** CI (.ci/run): a PostgreSQL suite that finds no server fails instead of skipping. */
    requirePostgres: env.REQUIRE_POSTGRES === '1',
    /**
     * TEST_PG_CTL: the command that stops or starts (with `stop` or `start` added) the server of
     * TEST_DATABASE_URL when .ci/postgres.sh started it; the fault suite restarts it.
     */
    pgCtl: env.TEST_PG_CTL ? env.TEST_PG_CTL.trim().split(/\s+/) : undefined,
  };
}

/** TEST_PORTS: `first-last`, the loopback ports the test helpers may listen on. */
function parsePortRange(raw: string | undefined) {
  if (!raw) return undefined;
  const match = /^(\d+)-(\d+)$/.exec(raw.trim());
  const [first, last] = [Number(match?.[1]), Number(match?.[2])];
  if (!match || first < 1 || last > 65535 || first > last) {
    throw new Error(`TEST_PORTS must be a range of ports like 5600-5649 (got "${raw}")`);
  }
  return { first, last };
}

export const generatePassword = () => randomBytes(12).toString('base64url');
