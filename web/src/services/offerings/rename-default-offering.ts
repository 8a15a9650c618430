import { serviceSchema } from '@labeldesk/contracts';
import type { RenameBody, Service } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { offeringKeys } from './keys';
import { replaceOfferingInList } from './replace-offering';

export const renameDefaultOffering = ({ id, name }: { id: string; name: string }): Promise<Service> =>
  apiRequest(`/api/defaultServices/${encodeURIComponent(id)}/name`, { method: 'PUT', body: { name } satisfies RenameBody, schema: serviceSchema });

export const useRenameDefaultOffering = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: renameDefaultOffering, onSuccess: (offering) => replaceOfferingInList(queryClient, offeringKeys.defaults(), offering) });
};
