import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditPage, AuditQuery } from '@domain/audit';
import { apiJson } from '../lib/api-client';
import { toQuery } from '../lib/query-string';

/** The audit log's filters as the screen holds them (domain/audit.ts auditQuery). */
export type AuditFilters = Partial<Pick<AuditQuery, 'kind' | 'q' | 'from' | 'to'>>;

/** The query string of the filters (and a page), for the list and its CSV. */
export const auditQueryString = (filters: AuditFilters, page?: { limit: number; offset: number }) =>
  toQuery({ ...filters, ...page });

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
