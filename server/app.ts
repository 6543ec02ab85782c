import { readFileSync } from 'node:fs';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyContextConfig, type FastifyServerOptions } from 'fastify';
import { securityHeaders } from './plugins/security-headers';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Database } from './db/client';
import { authRoutes } from './modules/auth/auth.routes';
import { twoFactorRoutes } from './modules/auth/two-factor.routes';
import { healthRoutes } from './modules/health/health.routes';
import { docsRoutes } from './modules/docs/docs.routes';
import { openapiGenerator } from './modules/docs/openapi';
import { usersRoutes } from './modules/users/users.routes';
import { videosRoutes } from './modules/videos/videos.routes';
import { bulkRoutes } from './modules/videos/bulk.routes';
import { assignmentsRoutes } from './modules/assignments/assignments.routes';
import { teamLeadsRoutes } from './modules/team-leads/team-leads.routes';
import { leadRoutes } from './modules/lead/lead.routes';
import { invoicingRoutes } from './modules/invoicing/invoicing.routes';
import { invoicesRoutes } from './modules/invoices/invoices.routes';
import { adminGuard } from './modules/admin/admin.guard';
import { adminRoutes } from './modules/admin/admin.routes';
import { reviewLinksRoutes } from './modules/review-links/review-links.routes';
import { commentsRoutes } from './modules/comments/comments.routes';
import { versionsRoutes } from './modules/versions/versions.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { countUnread, findNotification } from './modules/notifications/notifications.repository';
import { emailRoutes, mailer } from './modules/email/email.routes';
import type { MailSettings } from './modules/email/worker';
import { notifier } from './modules/notifications/notifier';
import { reviewReminders } from './modules/notifications/reminders';
import { retainerCloser } from './modules/retainers/retainers.loop';
import { retainersRoutes } from './modules/retainers/retainers.routes';
import { payoutsRoutes } from './modules/payouts/payouts.routes';
import { importRoutes } from './modules/import/import.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { audit } from './plugins/audit';
import { webhookSender, webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { apiTokensRoutes } from './modules/api-tokens/api-tokens.routes';
import { calendarFeedRoutes } from './modules/calendar-feed/calendar-feed.routes';
import { auth } from './plugins/auth';
import { caches } from './plugins/caches';
import { gracefulClose } from './plugins/graceful-close';
import { DiskFullTracker, errorHandler } from './plugins/errors';
import { idempotency } from './plugins/idempotency';
import { loadShedding } from './plugins/load-shedding';
import { inputGuard } from './plugins/input-guard';
import { jsonBody } from './plugins/json-body';
import { limits } from './plugins/limits';
import { SETTING_DEFAULTS } from './env';
import { sessionLifetime } from './plugins/sessions.repository';
import { readCache } from './plugins/read-cache';
import { realtime } from './plugins/realtime';
import { web } from './plugins/web';

declare module 'fastify' {
  interface FastifyInstance {
    registeredRoutes: RegisteredRoute[];
  }
}

/**
 * A route as registered, with its config (e.g. `cacheable` and `reads`: plugins/read-cache.ts;
 * read-cache-reads.test.ts, read-cache-diff.test.ts).
 */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema: unknown;
  config: FastifyContextConfig | undefined;
}

export interface AppOptions {
  database: Database;
  /** pino options, or false for no logging (tests). */
  logger?: FastifyServerOptions['logger'];
  /** The built web app to serve, or null to serve the API only. */
  webRoot?: string | null;
  /** Login and register attempts per minute per address. */
  authRateLimit?: number;
  /** Change-password attempts per 15 minutes per user (four times that per address). */
  passwordRateLimit?: number;
  /** Writes that notify other people (comments, status changes, ...) per minute per user. */
  writeRateLimit?: number;
  /** A session ends after this many days without a request, and this many after sign-in. */
  sessionIdleDays?: number;
  sessionMaxDays?: number;
  /** Which peers' X-Forwarded-* headers to believe (docs/deploy.md); false: none. */
  trustProxy?: boolean | number | string;
  /** NODE_ENV=production: the API reference is for signed-in staff only. */
  production?: boolean;
  /** Email: SMTP (none: kept in the outbox), sender and link address. */
  mail?: MailSettings;
  /** A request that waited longer than this (ms) before it could start is answered 503. */
  queueTimeoutMs?: number;
  /**
   * False (READ_CACHE=off, server/env.ts): no cache keeps answers between requests; every read
   * goes to the database. True unless told.
   */
  readCache?: boolean;
  /** Runs the email worker's loop (the server does; tests call app.mailer.work()). */
  mailLoop?: boolean;
  /** Runs the review reminders' sweep (the server does; tests call app.reviewReminders.sweep()). */
  reminderLoop?: boolean;
  /** Runs the retainer months' close (the server does; tests call app.retainerCloser.close()). */
  retainerLoop?: boolean;
  /** Runs the webhook sender's loop (the server does; tests call app.webhooks.work()). */
  webhookLoop?: boolean;
}

const VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

/** Redacted from every log line: passwords, cookies and image data (docs/architecture.md#identity). */
export const LOG_REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'body.password',
  'body.currentPassword',
  'body.newPassword',
  'body.code',
  'body.ticket',
  'body.avatar',
  'body.imageData',
];

/** Builds the whole app from its dependencies; main.ts and the tests build it the same way. */
export async function buildApp(opts: AppOptions) {
  const app = Fastify({
    logger: opts.logger ?? false,
    // Fastify also takes a hop count, which its type leaves out.
    trustProxy: (opts.trustProxy ?? false) as FastifyServerOptions['trustProxy'],
    bodyLimit: 1024 * 1024,
    // A whole request (headers and body) must arrive within 30 s; idle keep-alive connections
    // live 72 s, longer than a proxy's idle upstream timeout (nginx: 60 s), so the proxy closes
    // them first and never reuses one the app is closing (docs/deploy.md).
    requestTimeout: 30_000,
    keepAliveTimeout: 72_000,
    // A stopping app still serves what reaches it while it drains (plugins/graceful-close.ts).
    return503OnClosing: false,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Every route, as registered: the permission matrix and API docs tests check none is missed.
  const registeredRoutes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD')
        registeredRoutes.push({
          method,
          url: route.url,
          schema: route.schema,
          config: route.config,
        });
    }
  });
  app.decorate('registeredRoutes', registeredRoutes);

  const { db } = opts.database;
  const diskFull = new DiskFullTracker();
  await app.register(errorHandler, { diskFull });
  // First of the request hooks: a request that waited too long is refused before any work.
  await app.register(loadShedding, {
    boundMs: opts.queueTimeoutMs ?? SETTING_DEFAULTS.queueTimeoutSeconds * 1000,
  });
  await app.register(gracefulClose);
  await app.register(inputGuard);
  await app.register(jsonBody);
  // Before any route: it collects every route's schema into the OpenAPI document.
  await app.register(openapiGenerator, { version: VERSION });
  await app.register(securityHeaders);
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, { global: false });
  const session = sessionLifetime(
    opts.sessionIdleDays ?? SETTING_DEFAULTS.sessionIdleDays,
    opts.sessionMaxDays ?? SETTING_DEFAULTS.sessionMaxDays,
  );
  // The per-instance caches (docs/decisions/0004-session-and-count-cache.md): the bus that
  // empties them, the session (who is asking; 401), then the read cache of `cacheable` GETs.
  await app.register(caches, { database: opts.database, keep: opts.readCache ?? true });
  await app.register(auth, { db, session });
  await app.register(readCache, { db });
  await app.register(limits, {
    writesPerMinute: opts.writeRateLimit ?? SETTING_DEFAULTS.writeRateLimit,
    passwordAttempts: opts.passwordRateLimit ?? SETTING_DEFAULTS.passwordRateLimit,
  });
  // After the session (whose key it is), before the routes that declare `config.idempotent`.
  await app.register(idempotency, { db });
  await app.register(audit, { db });
  // The socket hub (closed with the app) and the notifier the feature routes call.
  await app.register(realtime, {
    database: opts.database,
    reads: { countUnread, findNotification },
  });
  await app.register(notifier, { db });
  await app.register(reviewReminders, { db, loop: opts.reminderLoop ?? false });
  await app.register(retainerCloser, { db, loop: opts.retainerLoop ?? false });
  await app.register(mailer, {
    db,
    mail: opts.mail ?? {
      from: 'Video workflow <no-reply@localhost>',
      publicUrl: 'http://localhost',
    },
    loop: opts.mailLoop ?? false,
  });
  await app.register(webhookSender, {
    db,
    settings: { publicUrl: opts.mail?.publicUrl ?? 'http://localhost' },
    loop: opts.webhookLoop ?? false,
  });
  // Before the route plugins: one guard for every /api/admin/ route, whoever registers it.
  await app.register(adminGuard);

  await app.register(healthRoutes, { database: opts.database, diskFull });
  await app.register(docsRoutes, { production: opts.production ?? false });
  await app.register(authRoutes, {
    db,
    authRateLimit: opts.authRateLimit ?? SETTING_DEFAULTS.authRateLimit,
    session,
  });
  await app.register(twoFactorRoutes, {
    db,
    authRateLimit: opts.authRateLimit ?? SETTING_DEFAULTS.authRateLimit,
    session,
  });
  await app.register(usersRoutes, { db });
  await app.register(videosRoutes, { db });
  await app.register(bulkRoutes, { db });
  await app.register(assignmentsRoutes, { db });
  await app.register(teamLeadsRoutes, { db });
  await app.register(leadRoutes, { db });
  await app.register(invoicingRoutes, { db });
  await app.register(retainersRoutes, { db });
  await app.register(invoicesRoutes, { db });
  await app.register(payoutsRoutes, { db });
  await app.register(importRoutes, { db });
  await app.register(auditRoutes, { db });
  await app.register(webhooksRoutes, { db });
  await app.register(adminRoutes, { db });
  await app.register(commentsRoutes, { db });
  await app.register(versionsRoutes, { db });
  await app.register(reviewLinksRoutes, { db });
  await app.register(notificationsRoutes, { db });
  await app.register(emailRoutes, { db });
  await app.register(apiTokensRoutes, { db });
  await app.register(calendarFeedRoutes, {
    db,
    publicUrl: opts.mail?.publicUrl ?? 'http://localhost',
  });

  await app.register(web, { root: opts.webRoot ?? null });
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
