import { serviceSchema } from '@labeldesk/contracts';
import type { PricingBody, Service } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { shippingServiceKeys } from './keys';
import { replaceShippingServiceInList } from './replace-shipping-service';

/** A default service's pricing mode and markup (percent, integer cents); the answer is the saved service. */
export const setDefaultPricing = ({ id, pricing }: { id: string; pricing: PricingBody }): Promise<Service> =>
  apiRequest(`/api/defaultServices/${encodeURIComponent(id)}/pricing`, { method: 'PUT', body: pricing, schema: serviceSchema });

export const useSetDefaultPricing = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultPricing,
    onSuccess: async (shippingService) => {
      replaceShippingServiceInList(queryClient, shippingServiceKeys.defaults(), shippingService);
      // The list again from the server, so the page shows what every replica now prices from.
      await queryClient.invalidateQueries({ queryKey: shippingServiceKeys.defaults() });
    },
  });
};
