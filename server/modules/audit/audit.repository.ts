import { and, count, desc, eq, gte, ilike, lt, or } from 'drizzle-orm';
import type { AuditEvent, AuditKind, AuditQuery } from '@domain/audit';
import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';

const nextDay = (day: string) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d;
};

/** The entries matching the filters, newest first, a page of them, with the total. */
export async function listAuditEvents(
  db: Db,
  q: AuditQuery,
): Promise<{ events: AuditEvent[]; total: number }> {
  const words = q.q ? `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    q.kind ? eq(auditEvents.kind, q.kind) : undefined,
    q.actorId ? eq(auditEvents.actorId, q.actorId) : undefined,
    q.from ? gte(auditEvents.at, new Date(`${q.from}T00:00:00Z`)) : undefined,
    q.to ? lt(auditEvents.at, nextDay(q.to)) : undefined,
    words ? or(ilike(auditEvents.action, words), ilike(auditEvents.subject, words)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditEvents)
      .where(where)
      .orderBy(desc(auditEvents.at), desc(auditEvents.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(auditEvents).where(where),
  ]);
  return {
    events: rows.map((r) => ({
      ...r,
      at: r.at.toISOString(),
      kind: r.kind as AuditKind,
    })),
    total: total?.n ?? 0,
  };
}
