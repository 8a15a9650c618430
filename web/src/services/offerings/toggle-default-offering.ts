import { serviceSchema } from '@labeldesk/contracts';
import type { Service, ToggleBody } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { offeringKeys } from './keys';
import { replaceOfferingInList } from './replace-offering';

export const toggleDefaultOffering = ({ id, enabled }: { id: string; enabled: boolean }): Promise<Service> =>
  apiRequest(`/api/defaultServices/${encodeURIComponent(id)}/toggle`, { method: 'PATCH', body: { enabled } satisfies ToggleBody, schema: serviceSchema });

export const useToggleDefaultOffering = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: toggleDefaultOffering, onSuccess: (offering) => replaceOfferingInList(queryClient, offeringKeys.defaults(), offering) });
};
