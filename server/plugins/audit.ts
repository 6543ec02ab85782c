import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { auditSafe, type AuditKind } from '@domain/audit';
import { IDEMPOTENT_REPLAYED_HEADER } from '@domain/idempotency';
import type { Db } from '../db/client';
import { auditEvents } from '../db/schema';

/** What a route that changes audited data declares (docs/rules.md "Audit log"). */
export interface AuditSpec {
  kind: AuditKind;
  /** What was done, e.g. 'user.create', 'price.set'. */
  action: string;
  /** The record before the change, read before the handler runs (none for a create). */
  before?: (request: FastifyRequest) => Promise<unknown>;
  /** What was changed, for people to read: a name, an id, a month. */
  subject?: (request: FastifyRequest, after: unknown, before: unknown) => string | null;
  /** False where the answer is itself a secret (a calendar feed's address): after is not kept. */
  keepAnswer?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A change the audit log records: one entry when the route answers 2xx (a replayed answer
     * of an Idempotency-Key records nothing: the change was recorded when it was made).
     */
    audit?: AuditSpec;
  }
  interface FastifyRequest {
    /** The record before an audited change (AuditSpec.before). */
    auditBefore?: unknown;
  }
}

/** The most characters of a record the log keeps; a bigger one is kept as its size. */
const RECORD_MAX_CHARS = 20_000;

const keep = (value: unknown): unknown => {
  if (value === undefined) return null;
  const safe = auditSafe(value);
  const text = JSON.stringify(safe);
  return text.length > RECORD_MAX_CHARS ? { omitted: `${text.length} characters` } : safe;
};

/**
 * The audit log's writer. A route declares `config.audit`; before its handler the record it
 * changes is read (`before`), and when it answers 2xx one entry is written with the signed-in
 * person, their address, the action, the subject and the records before and after (the answer's
 * JSON), the hidden fields masked (domain/audit.ts auditSafe). The entry is written before the
 * answer is sent: an acknowledged change is always in the log.
 */
export const audit = fp(
  async (app: FastifyInstance, { db }: { db: Db }) => {
    // Only a change is audited: a read that declares it is a mistake, refused at start.
    app.addHook('onRoute', (route) => {
      const methods = [route.method].flat().map((m) => m.toUpperCase());
      if (route.config?.audit && methods.some((m) => m === 'GET' || m === 'HEAD')) {
        throw new Error(`${methods.join(',')} ${route.url} reads: it cannot declare config.audit`);
      }
    });

    app.addHook('preHandler', async (request) => {
      const spec = request.routeOptions.config.audit;
      if (spec?.before) request.auditBefore = await spec.before(request);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      const spec = request.routeOptions.config.audit;
      if (!spec || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
      if (reply.getHeader(IDEMPOTENT_REPLAYED_HEADER) === 'true') return payload;
      let after: unknown = null;
      const type = String(reply.getHeader('content-type') ?? '');
      if (typeof payload === 'string' && type.includes('json')) {
        try {
          after = JSON.parse(payload);
        } catch {
          after = null;
        }
      }
      const actor = request.user;
      await db.insert(auditEvents).values({
        actorId: actor?.id ?? null,
        actorName: actor ? actor.name || actor.username : 'nobody',
        address: request.ip,
        kind: spec.kind,
        action: spec.action,
        subject: spec.subject?.(request, after, request.auditBefore) ?? null,
        before: keep(request.auditBefore),
        after: spec.keepAnswer === false ? null : keep(after),
      });
      return payload;
    });
  },
  { name: 'audit' },
);

/** A subject read from the record after the change, else before it: its `field` (a name). */
export const subjectFrom =
  (...fields: string[]) =>
  (_request: FastifyRequest, after: unknown, before: unknown): string | null => {
    for (const record of [after, before]) {
      if (!record || typeof record !== 'object') continue;
      for (const field of fields) {
        const value = (record as Record<string, unknown>)[field];
        if (typeof value === 'string' || typeof value === 'number') return String(value);
      }
    }
    return null;
  };

/** A route's path parameter, for a `before` or a subject. */
export const paramOf = (request: FastifyRequest, name: string): string => {
  const value = (request.params as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
};
