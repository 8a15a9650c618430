import { serviceSchema } from '@labeldesk/contracts';
import type { GroupPricesBody, Service } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { shippingServiceKeys } from './keys';
import { replaceShippingServiceInList } from './replace-shipping-service';
import type { UserShippingServiceTarget } from './toggle-user-shipping-service';

/** One country group's weight tiers of a default service (decision 116); an empty list clears them. */
export const setDefaultGroupPrices = ({ id, body }: { id: string; body: GroupPricesBody }): Promise<Service> =>
  apiRequest(`/api/defaultServices/${encodeURIComponent(id)}/groupPrices`, { method: 'PUT', body, schema: serviceSchema });

/** One country group's weight tiers of a user's copy, apart from the default's. */
export const setUserGroupPrices = ({ userId, shippingServiceId, body }: UserShippingServiceTarget & { body: GroupPricesBody }): Promise<Service> =>
  apiRequest(`/api/userServices/${encodeURIComponent(userId)}/${encodeURIComponent(shippingServiceId)}/groupPrices`, { method: 'PUT', body, schema: serviceSchema });

export const useSetDefaultGroupPrices = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultGroupPrices,
    onSuccess: async (shippingService) => {
      replaceShippingServiceInList(queryClient, shippingServiceKeys.defaults(), shippingService);
      await queryClient.invalidateQueries({ queryKey: shippingServiceKeys.defaults() });
    },
  });
};

export const useSetUserGroupPrices = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUserGroupPrices,
    onSuccess: async (shippingService, { userId }) => {
      replaceShippingServiceInList(queryClient, shippingServiceKeys.user(userId), shippingService);
      await queryClient.invalidateQueries({ queryKey: shippingServiceKeys.user(userId) });
    },
  });
};
