import { serviceSchema } from '@labeldesk/contracts';
import type { Service, ToggleBody } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { offeringKeys } from './keys';
import { replaceOfferingInList } from './replace-offering';

export interface UserOfferingTarget {
  userId: string;
  offeringId: string;
}

export const toggleUserOffering = ({ userId, offeringId, enabled }: UserOfferingTarget & { enabled: boolean }): Promise<Service> =>
  apiRequest(`/api/userServices/${encodeURIComponent(userId)}/${encodeURIComponent(offeringId)}/toggle`, { method: 'PATCH', body: { enabled } satisfies ToggleBody, schema: serviceSchema });

export const useToggleUserOffering = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: toggleUserOffering, onSuccess: (offering, { userId }) => replaceOfferingInList(queryClient, offeringKeys.user(userId), offering) });
};
