import { servicesResponseSchema } from '@labeldesk/contracts';
import type { Service } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { shippingServiceKeys } from './keys';

/** New carrier shipping services become defaults, vanished ones are switched off; the answer is the new default list. */
export const syncDefaultShippingServices = (): Promise<Service[]> =>
  apiRequest('/api/defaultServices/sync', { method: 'POST', body: {}, schema: servicesResponseSchema });

export const useSyncDefaultShippingServices = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncDefaultShippingServices,
    onSuccess: (shippingServices) => {
      queryClient.setQueryData(shippingServiceKeys.defaults(), shippingServices);
      void queryClient.invalidateQueries({ queryKey: shippingServiceKeys.raw() });
    },
  });
};
