import { webhookTestResponseSchema, type WebhookTestResponse } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { webhookKeys } from './keys';

export const testWebhook = (id: string): Promise<WebhookTestResponse> =>
  apiRequest(`/api/webhooks/${encodeURIComponent(id)}/test`, { method: 'POST', schema: webhookTestResponseSchema });

export const useTestWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: testWebhook, onSuccess: (_r, id) => queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(id) }) });
};
