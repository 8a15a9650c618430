import { auditPageSchema, type AuditPage, type AuditQuery } from '@labeldesk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { filterParams } from '../../hooks/use-url-filters';
import { apiRequest } from '../../libs/http-client';

export type AuditFilters = Partial<Omit<AuditQuery, 'page' | 'limit'>>;
export const AUDIT_PAGE_SIZE = 20;

export const listAudit = (filters: AuditFilters, page: number, signal?: AbortSignal): Promise<AuditPage> => {
  const params = filterParams(filters);
  params.set('page', String(page));
  params.set('limit', String(AUDIT_PAGE_SIZE));
  return apiRequest(`/api/admin/audit?${params.toString()}`, { schema: auditPageSchema, ...(signal ? { signal } : {}) });
};

export const useAuditLog = (filters: AuditFilters, page: number) =>
  useQuery({ queryKey: ['admin', 'audit', filters, page], queryFn: ({ signal }) => listAudit(filters, page, signal), placeholderData: keepPreviousData });
