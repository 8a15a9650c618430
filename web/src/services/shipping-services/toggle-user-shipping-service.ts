import { serviceSchema } from '@labeldesk/contracts';
import type { Service, ToggleBody } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { shippingServiceKeys } from './keys';
import { replaceShippingServiceInList } from './replace-shipping-service';

export interface UserShippingServiceTarget {
  userId: string;
  shippingServiceId: string;
}

export const toggleUserShippingService = ({ userId, shippingServiceId, enabled }: UserShippingServiceTarget & { enabled: boolean }): Promise<Service> =>
  apiRequest(`/api/userServices/${encodeURIComponent(userId)}/${encodeURIComponent(shippingServiceId)}/toggle`, { method: 'PATCH', body: { enabled } satisfies ToggleBody, schema: serviceSchema });

export const useToggleUserShippingService = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: toggleUserShippingService, onSuccess: (shippingService, { userId }) => replaceShippingServiceInList(queryClient, shippingServiceKeys.user(userId), shippingService) });
};
