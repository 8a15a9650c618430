import { serviceSchema } from '@labeldesk/contracts';
import type { RenameBody, Service } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { serviceKeys } from './keys';
import { replaceServiceInList } from './replace-offering';
import type { UserServiceTarget } from './toggle-user-offering';

/** The name this user sees and orders by; the default service keeps its own. */
export const renameUserService = ({ userId, serviceId, name }: UserServiceTarget & { name: string }): Promise<Service> =>
  apiRequest(`/api/userServices/${encodeURIComponent(userId)}/${encodeURIComponent(serviceId)}/name`, { method: 'PUT', body: { name } satisfies RenameBody, schema: serviceSchema });

export const useRenameUserService = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: renameUserService, onSuccess: (service, { userId }) => replaceServiceInList(queryClient, serviceKeys.user(userId), service) });
};
