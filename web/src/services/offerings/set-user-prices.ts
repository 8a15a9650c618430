import { serviceSchema } from '@labeldesk/contracts';
import type { PricesBody, PriceTier, Service } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { offeringKeys } from './keys';
import { replaceOfferingInList } from './replace-offering';
import type { UserOfferingTarget } from './toggle-user-offering';

/** Prices are integer cents on the wire; the answer is the whole offering. */
export const setUserPrices = ({ userId, offeringId, prices }: UserOfferingTarget & { prices: PriceTier[] }): Promise<Service> =>
  apiRequest(`/api/userServices/${encodeURIComponent(userId)}/${encodeURIComponent(offeringId)}/prices`, { method: 'PUT', body: { prices } satisfies PricesBody, schema: serviceSchema });

export const useSetUserPrices = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setUserPrices, onSuccess: (offering, { userId }) => replaceOfferingInList(queryClient, offeringKeys.user(userId), offering) });
};
