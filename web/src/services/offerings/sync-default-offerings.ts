import { servicesResponseSchema } from '@labeldesk/contracts';
import type { Service } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { serviceKeys } from './keys';

/** New carrier services become defaults, vanished ones are switched off; the answer is the new default list. */
export const syncDefaultServices = (): Promise<Service[]> =>
  apiRequest('/api/defaultServices/sync', { method: 'POST', body: {}, schema: servicesResponseSchema });

export const useSyncDefaultServices = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncDefaultServices,
    onSuccess: (services) => {
      queryClient.setQueryData(serviceKeys.defaults(), services);
      void queryClient.invalidateQueries({ queryKey: serviceKeys.raw() });
    },
  });
};
