import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditKind, AuditPage } from '@domain/audit';
import { apiJson } from '../lib/api-client';

/** The audit log's filters as the screen holds them (domain/audit.ts auditQuery). */
export interface AuditFilters {
  kind?: AuditKind;
  q?: string;
  from?: string;
  to?: string;
}

/** The query string of the filters (and a page), for the list and its CSV. */
export function auditQueryString(filters: AuditFilters, page?: { limit: number; offset: number }) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...page })) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const auditKeys = {
  all: ['/api/admin/audit'] as const,
  page: (filters: AuditFilters, limit: number) => [...auditKeys.all, filters, limit] as const,
};

/** GET /api/admin/audit: the newest `limit` entries matching the filters (the king's). */
export const useAuditLog = (filters: AuditFilters, limit: number) =>
  useQuery({
    queryKey: auditKeys.page(filters, limit),
    queryFn: () =>
      apiJson<AuditPage>(
        'GET',
        `/api/admin/audit${auditQueryString(filters, { limit, offset: 0 })}`,
      ),
    placeholderData: keepPreviousData,
  });
