import { useEffect } from 'react';

interface PagedQuery {
  data: { totalCount: number } | undefined;
  isPlaceholderData: boolean;
}

/**
 * The total and page count of a list the server pages. The list can shrink under the open page (e.g. a filter, a
 * delete): once the server's answer for that page is in, its last page is shown rather than an empty one.
 */
export const useLastPageClamp = (query: PagedQuery, pageSize: number, page: number, setPage: (page: number) => void) => {
  const total = query.data?.totalCount ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const settledData = query.data !== undefined && !query.isPlaceholderData;
  useEffect(() => {
    if (settledData && page > pageCount) setPage(pageCount);
  }, [settledData, page, pageCount, setPage]);
  return { total, pageCount };
};
