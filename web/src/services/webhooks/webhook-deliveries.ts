import { webhookDeliveriesSchema, type WebhookDelivery } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { webhookKeys } from './keys';

export const webhookDeliveries = (id: string, signal?: AbortSignal): Promise<WebhookDelivery[]> =>
  apiRequest(`/api/webhooks/${encodeURIComponent(id)}/deliveries?limit=50`, { schema: webhookDeliveriesSchema, ...(signal ? { signal } : {}) }).then((body) => body.deliveries);

/** The log refreshes itself while it is open: a delivery lands seconds after its event. */
export const useWebhookDeliveries = (id: string, open: boolean) =>
  useQuery({ queryKey: webhookKeys.deliveries(id), queryFn: ({ signal }) => webhookDeliveries(id, signal), enabled: open, refetchInterval: open ? 3_000 : false });
