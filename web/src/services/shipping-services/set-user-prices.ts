import { serviceSchema } from '@labeldesk/contracts';
import type { PricesBody, PriceTier, Service } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { shippingServiceKeys } from './keys';
import { replaceShippingServiceInList } from './replace-shipping-service';
import type { UserShippingServiceTarget } from './toggle-user-shipping-service';

/** Prices are integer cents on the wire; the answer is the whole shipping service. */
export const setUserPrices = ({ userId, shippingServiceId, prices }: UserShippingServiceTarget & { prices: PriceTier[] }): Promise<Service> =>
  apiRequest(`/api/userServices/${encodeURIComponent(userId)}/${encodeURIComponent(shippingServiceId)}/prices`, { method: 'PUT', body: { prices } satisfies PricesBody, schema: serviceSchema });

export const useSetUserPrices = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setUserPrices, onSuccess: (shippingService, { userId }) => replaceShippingServiceInList(queryClient, shippingServiceKeys.user(userId), shippingService) });
};
