import { serviceSchema } from '@labeldesk/contracts';
import type { Service, ToggleBody } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { serviceKeys } from './keys';
import { replaceServiceInList } from './replace-offering';

export interface UserServiceTarget {
  userId: string;
  serviceId: string;
}

export const toggleUserService = ({ userId, serviceId, enabled }: UserServiceTarget & { enabled: boolean }): Promise<Service> =>
  apiRequest(`/api/userServices/${encodeURIComponent(userId)}/${encodeURIComponent(serviceId)}/toggle`, { method: 'PATCH', body: { enabled } satisfies ToggleBody, schema: serviceSchema });

export const useToggleUserService = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: toggleUserService, onSuccess: (service, { userId }) => replaceServiceInList(queryClient, serviceKeys.user(userId), service) });
};
