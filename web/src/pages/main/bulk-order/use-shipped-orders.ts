import type { ShippedOrder } from '@labeldesk/contracts';
import { useCallback, useRef, useState } from 'react';
import { notify } from '../../../components/ui/toaster';
import { lookUpShippedOrders } from '../../../services/bulk-orders/shipped-orders';
import type { BulkRow } from './bulk-rows';

const NONE: ReadonlyMap<string, ShippedOrder> = new Map();

/** The earlier label of the order a row names, when that order already has one. */
export const shippedMarkOf = (shipped: ReadonlyMap<string, ShippedOrder>, row: BulkRow): ShippedOrder | undefined =>
  shipped.get(row.values.orderId.trim());

/** A row the server will leave out: its order already has a label and "Buy another label" is not ticked. */
export const isLeftOut = (shipped: ReadonlyMap<string, ShippedOrder>, row: BulkRow): boolean => !row.buyAnother && shippedMarkOf(shipped, row) !== undefined;

/**
 * Issue 47: the loaded file's orders that already have a label, by order ID. Asked once per file; a newer file's
 * answer replaces an older one still on its way.
 */
export const useShippedOrders = (userId: string) => {
  const [shipped, setShipped] = useState<ReadonlyMap<string, ShippedOrder>>(NONE);
  const latest = useRef<AbortController | null>(null);

  const clear = useCallback(() => {
    latest.current?.abort();
    latest.current = null;
    setShipped(NONE);
  }, []);

  const lookUp = useCallback(
    (orderIds: readonly string[]) => {
      clear();
      if (!orderIds.some((id) => id.trim() !== '')) return;
      const controller = new AbortController();
      latest.current = controller;
      lookUpShippedOrders(userId, orderIds, controller.signal).then(
        (found) => {
          if (!controller.signal.aborted) setShipped(found);
        },
        () => {
          // The rows are not marked, but nothing is bought twice: the submit leaves such orders out by itself.
          if (!controller.signal.aborted) notify.error('Could not check for orders already shipped', { description: 'They are checked again when you submit, and left out.' });
        },
      );
    },
    [userId, clear],
  );

  return { shipped, lookUp, clear };
};
