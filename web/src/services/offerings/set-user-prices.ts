import { serviceSchema } from '@labeldesk/contracts';
import type { PricesBody, PriceTier, Service } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { serviceKeys } from './keys';
import { replaceServiceInList } from './replace-offering';
import type { UserServiceTarget } from './toggle-user-offering';

/** Prices are integer cents on the wire; the answer is the whole service. */
export const setUserPrices = ({ userId, serviceId, prices }: UserServiceTarget & { prices: PriceTier[] }): Promise<Service> =>
  apiRequest(`/api/userServices/${encodeURIComponent(userId)}/${encodeURIComponent(serviceId)}/prices`, { method: 'PUT', body: { prices } satisfies PricesBody, schema: serviceSchema });

export const useSetUserPrices = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setUserPrices, onSuccess: (service, { userId }) => replaceServiceInList(queryClient, serviceKeys.user(userId), service) });
};
