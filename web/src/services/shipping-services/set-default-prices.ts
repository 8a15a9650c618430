import { priceTiersResponseSchema } from '@labeldesk/contracts';
import type { PricesBody, PriceTier, Service } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { shippingServiceKeys } from './keys';

/** Prices are integer cents on the wire; the answer is the saved tiers only (spec 7: "gives prices"). */
export const setDefaultPrices = ({ id, prices }: { id: string; prices: PriceTier[] }): Promise<PriceTier[]> =>
  apiRequest(`/api/defaultServices/${encodeURIComponent(id)}/prices`, { method: 'PUT', body: { prices } satisfies PricesBody, schema: priceTiersResponseSchema });

export const useSetDefaultPrices = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultPrices,
    onSuccess: (prices, { id }) =>
      queryClient.setQueryData<Service[]>(shippingServiceKeys.defaults(), (list) => list?.map((shippingService) => (shippingService._id === id ? { ...shippingService, prices } : shippingService))),
  });
};
