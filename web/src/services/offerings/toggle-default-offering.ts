import { serviceSchema } from '@labeldesk/contracts';
import type { Service, ToggleBody } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { serviceKeys } from './keys';
import { replaceServiceInList } from './replace-offering';

export const toggleDefaultService = ({ id, enabled }: { id: string; enabled: boolean }): Promise<Service> =>
  apiRequest(`/api/defaultServices/${encodeURIComponent(id)}/toggle`, { method: 'PATCH', body: { enabled } satisfies ToggleBody, schema: serviceSchema });

export const useToggleDefaultService = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: toggleDefaultService, onSuccess: (service) => replaceServiceInList(queryClient, serviceKeys.defaults(), service) });
};
