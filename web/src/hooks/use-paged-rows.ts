import { useState } from 'react';

/** Spec section 9: tables show 7 rows a page unless a screen says otherwise. */
export const DEFAULT_PAGE_SIZE = 7;

/**
 * Client-side paging of a list that is already loaded. The page is clamped to the last one, so deleting
 * the only row of the last page shows the page before it instead of an empty table.
 */
export const usePagedRows = <T>(rows: readonly T[], pageSize: number = DEFAULT_PAGE_SIZE) => {
  const [requestedPage, setPage] = useState(1);
  const pageCount = Math.max(1, Math.ceil(rows.length / pageSize));
  const page = Math.min(Math.max(1, requestedPage), pageCount);
  const start = (page - 1) * pageSize;
  return { page, setPage, pageCount, pageSize, start, pageRows: rows.slice(start, start + pageSize), total: rows.length };
};
