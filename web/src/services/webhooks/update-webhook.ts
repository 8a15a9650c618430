import { webhookEndpointSchema, type UpdateWebhookBody, type WebhookEndpoint } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { webhookKeys } from './keys';

export const updateWebhook = ({ id, change }: { id: string; change: UpdateWebhookBody }): Promise<WebhookEndpoint> =>
  apiRequest(`/api/webhooks/${encodeURIComponent(id)}`, { method: 'PATCH', body: change, schema: webhookEndpointSchema });

export const useUpdateWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateWebhook, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list() }) });
};
