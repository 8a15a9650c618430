import { carrierAlertsResponseSchema, type CarrierAlertsResponse } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';

export const carrierAlertsKey = ['admin', 'carrier-alerts'] as const;

export const getCarrierAlerts = (signal?: AbortSignal): Promise<CarrierAlertsResponse> =>
  apiRequest('/api/admin/carriers/alerts', { schema: carrierAlertsResponseSchema, ...(signal ? { signal } : {}) });

/** Admin only; asked again every 30 seconds while the dashboard is open: a paused batch waits on the admin. */
export const useCarrierAlerts = () => useQuery({ queryKey: carrierAlertsKey, queryFn: ({ signal }) => getCarrierAlerts(signal), refetchInterval: 30_000 });
