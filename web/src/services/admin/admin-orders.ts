import {
  adminBatchLabelsSchema,
  adminOrderDetailSchema,
  adminOrdersResponseSchema,
  type AdminBatchLabels,
  type AdminOrderDetail,
  type AdminOrdersQuery,
  type AdminOrdersResponse,
} from '@labeldesk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { filterParams } from '../../hooks/use-url-filters';
import { apiRequest } from '../../libs/http-client';

export type AdminOrderFilters = Partial<Omit<AdminOrdersQuery, 'page' | 'limit'>>;

export const ADMIN_ORDERS_PAGE_SIZE = 20;

const queryString = (filters: AdminOrderFilters, page: number): string => {
  const params = filterParams(filters);
  params.set('page', String(page));
  params.set('limit', String(ADMIN_ORDERS_PAGE_SIZE));
  return params.toString();
};

export const listAdminOrders = (filters: AdminOrderFilters, page: number, signal?: AbortSignal): Promise<AdminOrdersResponse> =>
  apiRequest(`/api/admin/orders?${queryString(filters, page)}`, { schema: adminOrdersResponseSchema, ...(signal ? { signal } : {}) });

/** The previous page stays on screen while the next one loads, so the table does not jump. */
export const useAdminOrders = (filters: AdminOrderFilters, page: number) =>
  useQuery({
    queryKey: ['admin', 'orders', filters, page],
    queryFn: ({ signal }) => listAdminOrders(filters, page, signal),
    placeholderData: keepPreviousData,
  });

export const useAdminOrderDetail = (target: { kind: 'single' | 'batch'; id: string } | null) =>
  useQuery({
    queryKey: ['admin', 'order', target?.kind, target?.id],
    queryFn: ({ signal }): Promise<AdminOrderDetail> =>
      apiRequest(`/api/admin/orders/${target?.kind ?? ''}/${encodeURIComponent(target?.id ?? '')}`, { schema: adminOrderDetailSchema, signal }),
    enabled: target !== null,
  });

export const ADMIN_BATCH_LABELS_PAGE_SIZE = 25;

/** A batch's bought labels with their carrier, cost and margin, a page at a time; the page on screen stays while the next loads. */
export const useAdminBatchLabels = (batchId: string, page: number) =>
  useQuery({
    queryKey: ['admin', 'batch-labels', batchId, page],
    queryFn: ({ signal }): Promise<AdminBatchLabels> =>
      apiRequest(`/api/admin/orders/batch/${encodeURIComponent(batchId)}/labels?page=${page}&limit=${ADMIN_BATCH_LABELS_PAGE_SIZE}`, { schema: adminBatchLabelsSchema, signal }),
    placeholderData: keepPreviousData,
  });
