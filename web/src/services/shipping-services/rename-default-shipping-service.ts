import { serviceSchema } from '@labeldesk/contracts';
import type { RenameBody, Service } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { shippingServiceKeys } from './keys';
import { replaceShippingServiceInList } from './replace-shipping-service';

export const renameDefaultShippingService = ({ id, name }: { id: string; name: string }): Promise<Service> =>
  apiRequest(`/api/defaultServices/${encodeURIComponent(id)}/name`, { method: 'PUT', body: { name } satisfies RenameBody, schema: serviceSchema });

export const useRenameDefaultShippingService = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: renameDefaultShippingService, onSuccess: (shippingService) => replaceShippingServiceInList(queryClient, shippingServiceKeys.defaults(), shippingService) });
};
