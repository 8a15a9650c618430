import { z } from 'zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { webhookKeys } from './keys';

const deletedSchema = z.object({ deleted: z.boolean() });

export const deleteWebhook = (id: string): Promise<{ deleted: boolean }> =>
  apiRequest(`/api/webhooks/${encodeURIComponent(id)}`, { method: 'DELETE', schema: deletedSchema });

export const useDeleteWebhook = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteWebhook, onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.list() }) });
};
