import { adminRefundsPageSchema, type AdminRefundsPage, type LabelState } from '@labeldesk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';

export const ADMIN_REFUNDS_PAGE_SIZE = 20;

/** The states a void can be in: every label state but `purchased`. */
export type RefundStateFilter = Exclude<LabelState, 'purchased'>;

export const listAdminRefunds = (state: RefundStateFilter | null, page: number, signal?: AbortSignal): Promise<AdminRefundsPage> => {
  const query = new URLSearchParams({ page: String(page), limit: String(ADMIN_REFUNDS_PAGE_SIZE) });
  if (state) query.set('state', state);
  return apiRequest(`/api/admin/orders/refunds?${query.toString()}`, { schema: adminRefundsPageSchema, ...(signal ? { signal } : {}) });
};

/** Every customer's voids and refunds, newest first; the page on screen stays while the next loads. */
export const useAdminRefunds = (state: RefundStateFilter | null, page: number) =>
  useQuery({
    queryKey: ['admin', 'refunds', state, page],
    queryFn: ({ signal }) => listAdminRefunds(state, page, signal),
    placeholderData: keepPreviousData,
  });
