import { batchSearchQuerySchema } from '@labeldesk/contracts';
import { useEffect, useRef } from 'react';
import { useLastPageClamp } from '../../../hooks/use-last-page-clamp';
import { useUrlFilters } from '../../../hooks/use-url-filters';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../libs/http-client';
import { BULK_ORDERS_PAGE_SIZE } from '../../../services/bulk-orders/list-bulk-orders';
import { useBatchSearch } from '../../../services/bulk-orders/search-batches';
import { useListMode } from '../../../stores/ui.store';

export const FETCH_FAILED = 'Failed to fetch batch orders';

/**
 * One page of the user's batch orders matching the search and filters in the address (issue 49), of the Test mode switch's mode. The list can shrink under the open page: its last page is shown rather than
 * an empty one. Spec 8: a failed fetch is a toast (the server's message preferred), once per failure.
 */
export const useBatchOrdersList = (userId: string) => {
  // Which batches are listed is the Test mode switch's, never the address's (decision 127).
  const { filters: { mode: _fromAddress, ...filters }, page, apply } = useUrlFilters(batchSearchQuerySchema);
  const mode = useListMode();
  const setPage = (next: number) => apply(filters, next);
  const orders = useBatchSearch(userId, filters, page, mode);
  const { total, pageCount } = useLastPageClamp(orders, BULK_ORDERS_PAGE_SIZE, page, setPage);

  const { isError, errorUpdatedAt, error } = orders;
  const toastedError = useRef(0);
  useEffect(() => {
    if (!isError || toastedError.current === errorUpdatedAt) return;
    toastedError.current = errorUpdatedAt;
    notify.error(errorMessage(error, FETCH_FAILED));
  }, [isError, errorUpdatedAt, error]);

  return { orders, page, setPage, total, pageCount, filters, apply, mode };
};
