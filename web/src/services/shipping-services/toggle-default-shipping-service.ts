import { serviceSchema } from '@labeldesk/contracts';
import type { Service, ToggleBody } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { shippingServiceKeys } from './keys';
import { replaceShippingServiceInList } from './replace-shipping-service';

export const toggleDefaultShippingService = ({ id, enabled }: { id: string; enabled: boolean }): Promise<Service> =>
  apiRequest(`/api/defaultServices/${encodeURIComponent(id)}/toggle`, { method: 'PATCH', body: { enabled } satisfies ToggleBody, schema: serviceSchema });

export const useToggleDefaultShippingService = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: toggleDefaultShippingService, onSuccess: (shippingService) => replaceShippingServiceInList(queryClient, shippingServiceKeys.defaults(), shippingService) });
};
