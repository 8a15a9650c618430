import { serviceSchema } from '@labeldesk/contracts';
import type { PricingBody, Service } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { shippingServiceKeys } from './keys';
import { replaceShippingServiceInList } from './replace-shipping-service';
import type { UserShippingServiceTarget } from './toggle-user-shipping-service';

/** A user's own pricing mode and markup for one service, apart from the default's; the answer is the saved service. */
export const setUserPricing = ({ userId, shippingServiceId, pricing }: UserShippingServiceTarget & { pricing: PricingBody }): Promise<Service> =>
  apiRequest(`/api/userServices/${encodeURIComponent(userId)}/${encodeURIComponent(shippingServiceId)}/pricing`, { method: 'PUT', body: pricing, schema: serviceSchema });

export const useSetUserPricing = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserPricing,
    onSuccess: async (shippingService, { userId }) => {
      replaceShippingServiceInList(queryClient, shippingServiceKeys.user(userId), shippingService);
      await queryClient.invalidateQueries({ queryKey: shippingServiceKeys.user(userId) });
    },
  });
};
