import { serviceSchema } from '@labeldesk/contracts';
import type { RenameBody, Service } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { serviceKeys } from './keys';
import { replaceServiceInList } from './replace-offering';

export const renameDefaultService = ({ id, name }: { id: string; name: string }): Promise<Service> =>
  apiRequest(`/api/defaultServices/${encodeURIComponent(id)}/name`, { method: 'PUT', body: { name } satisfies RenameBody, schema: serviceSchema });

export const useRenameDefaultService = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: renameDefaultService, onSuccess: (service) => replaceServiceInList(queryClient, serviceKeys.defaults(), service) });
};
