import { serviceSchema } from '@labeldesk/contracts';
import type { RenameBody, Service } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { offeringKeys } from './keys';
import { replaceOfferingInList } from './replace-offering';
import type { UserOfferingTarget } from './toggle-user-offering';

/** The name this user sees and orders by; the default offering keeps its own. */
export const renameUserOffering = ({ userId, offeringId, name }: UserOfferingTarget & { name: string }): Promise<Service> =>
  apiRequest(`/api/userServices/${encodeURIComponent(userId)}/${encodeURIComponent(offeringId)}/name`, { method: 'PUT', body: { name } satisfies RenameBody, schema: serviceSchema });

export const useRenameUserOffering = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: renameUserOffering, onSuccess: (offering, { userId }) => replaceOfferingInList(queryClient, offeringKeys.user(userId), offering) });
};
