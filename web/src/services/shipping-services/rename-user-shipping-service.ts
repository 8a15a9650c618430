import { serviceSchema } from '@labeldesk/contracts';
import type { RenameBody, Service } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { shippingServiceKeys } from './keys';
import { replaceShippingServiceInList } from './replace-shipping-service';
import type { UserShippingServiceTarget } from './toggle-user-shipping-service';

/** The name this user sees and orders by; the default shipping service keeps its own. */
export const renameUserShippingService = ({ userId, shippingServiceId, name }: UserShippingServiceTarget & { name: string }): Promise<Service> =>
  apiRequest(`/api/userServices/${encodeURIComponent(userId)}/${encodeURIComponent(shippingServiceId)}/name`, { method: 'PUT', body: { name } satisfies RenameBody, schema: serviceSchema });

export const useRenameUserShippingService = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: renameUserShippingService, onSuccess: (shippingService, { userId }) => replaceShippingServiceInList(queryClient, shippingServiceKeys.user(userId), shippingService) });
};
