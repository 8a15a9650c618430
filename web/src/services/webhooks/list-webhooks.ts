import { webhookListSchema, type WebhookEndpoint } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { webhookKeys } from './keys';

export const listWebhooks = (signal?: AbortSignal): Promise<WebhookEndpoint[]> =>
  apiRequest('/api/webhooks', { schema: webhookListSchema, ...(signal ? { signal } : {}) }).then((body) => body.webhooks);

export const useWebhooks = () => useQuery({ queryKey: webhookKeys.list(), queryFn: ({ signal }) => listWebhooks(signal) });
