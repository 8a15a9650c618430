import { servicesResponseSchema } from '@labeldesk/contracts';
import type { Service } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { offeringKeys } from './keys';

/** New carrier offerings become defaults, vanished ones are switched off; the answer is the new default list. */
export const syncDefaultOfferings = (): Promise<Service[]> =>
  apiRequest('/api/defaultServices/sync', { method: 'POST', body: {}, schema: servicesResponseSchema });

export const useSyncDefaultOfferings = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncDefaultOfferings,
    onSuccess: (offerings) => {
      queryClient.setQueryData(offeringKeys.defaults(), offerings);
      void queryClient.invalidateQueries({ queryKey: offeringKeys.raw() });
    },
  });
};
