import type { SkuRecord } from '@labeldesk/contracts';
import { useCallback, useMemo } from 'react';
import type { ValidationContext } from './bulk-rows';
import { useBulkRows } from './use-bulk-rows';
import { isLeftOut, useShippedOrders } from './use-shipped-orders';

/**
 * The loaded file's rows together with which of their orders already have a label (issue 47), and so which rows
 * will be bought: the total is what will be held, and rows the server will leave out are not priced.
 */
export const useBulkSheet = (userId: string, context: ValidationContext, skus: readonly SkuRecord[]) => {
  const table = useBulkRows(context, skus);
  const { rows, clear: clearTable } = table;
  const { shipped, lookUp: lookUpShipped, clear: clearShipped } = useShippedOrders(userId);
  const rowsToBuy = useMemo(() => (shipped.size === 0 ? rows : rows.filter((row) => !isLeftOut(shipped, row))), [rows, shipped]);
  /** Empties the table and forgets the shipped orders (a reset, or a batch taken). */
  const clearRows = useCallback(() => {
    clearTable();
    clearShipped();
  }, [clearTable, clearShipped]);
  return { ...table, shipped, lookUpShipped, rowsToBuy, clearRows };
};
