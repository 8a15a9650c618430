import { labelTrackingSchema, type LabelTracking } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { bulkOrderKeys } from '../bulk-orders/keys';
import { orderKeys } from './keys';

/** Which label to track: a single order's, or one label of a batch by its tracking number. */
export interface TrackingTarget {
  kind: 'single' | 'batch';
  orderId: string;
  trackingNumber: string;
}

const trackingPath = (target: TrackingTarget): string =>
  target.kind === 'single'
    ? `/api/orders/${encodeURIComponent(target.orderId)}/tracking`
    : `/api/orders/bulk/${encodeURIComponent(target.orderId)}/tracking/${encodeURIComponent(target.trackingNumber)}`;

export const getLabelTracking = (target: TrackingTarget, signal?: AbortSignal): Promise<LabelTracking> =>
  apiRequest(trackingPath(target), { schema: labelTrackingSchema, ...(signal ? { signal } : {}) });

/** The label's tracking while the drawer is open (null closes it and asks nothing). */
export const useLabelTracking = (target: TrackingTarget | null) =>
  useQuery({
    queryKey: target === null ? ['tracking', 'none'] : target.kind === 'single' ? orderKeys.tracking(target.orderId) : bulkOrderKeys.tracking(target.orderId, target.trackingNumber),
    queryFn: ({ signal }) => getLabelTracking(target as TrackingTarget, signal),
    enabled: target !== null,
  });
