import { webhookWithSecretSchema, type WebhookWithSecret } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { webhookKeys } from './keys';

export const rotateWebhookSecret = (id: string): Promise<WebhookWithSecret> =>
  apiRequest(`/api/webhooks/${encodeURIComponent(id)}/rotate-secret`, { method: 'POST', schema: webhookWithSecretSchema });

export const useRotateWebhookSecret = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rotateWebhookSecret, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list() }) });
};
