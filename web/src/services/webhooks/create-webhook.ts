import { webhookWithSecretSchema, type CreateWebhookBody, type WebhookWithSecret } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { webhookKeys } from './keys';

export const createWebhook = (body: CreateWebhookBody): Promise<WebhookWithSecret> =>
  apiRequest('/api/webhooks', { method: 'POST', body, schema: webhookWithSecretSchema });

export const useCreateWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWebhook, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list() }) });
};
