import type { OrderListItem, ReturnLabel } from '@labeldesk/contracts';
import { useMemo, useState } from 'react';
import type { ReturnTarget } from '../../../components/returns/return-drawer';
import { useReturns } from '../../../services/returns/return-labels';

/**
 * The Orders page's return labels (decision 101): each order's, newest first, the order whose returns are open, and the
 * orders ticked for "Make return labels".
 */
export const useOrderReturns = (userId: string) => {
  const returns = useReturns(userId);
  const [target, setTarget] = useState<ReturnTarget | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [bulk, setBulk] = useState<string[] | null>(null);
  const byOrder = useMemo(() => {
    const grouped = new Map<string, ReturnLabel[]>();
    for (const label of returns.data ?? []) grouped.set(label.orderId, [...(grouped.get(label.orderId) ?? []), label]);
    return grouped;
  }, [returns.data]);
  return {
    byOrder,
    target,
    open: (order: OrderListItem) => {
      if (order.tracking_number) setTarget({ orderId: order._id, trackingNumber: order.tracking_number });
    },
    close: () => setTarget(null),
    selected,
    select: (order: OrderListItem, on: boolean) =>
      setSelected((current) => {
        const next = new Set(current);
        if (on) next.add(order._id);
        else next.delete(order._id);
        return next;
      }),
    bulk,
    startBulk: () => setBulk([...selected]),
    cancelBulk: () => setBulk(null),
    bulkDone: () => {
      setBulk(null);
      setSelected(new Set());
    },
  };
};
