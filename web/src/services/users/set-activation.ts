import { publicUserSchema } from '@labeldesk/contracts';
import type { Activation, PublicUser, SetActivationBody } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { replaceUserInList } from './replace-user';

export const setUserActivation = ({ userId, activation }: { userId: string; activation: Activation }): Promise<PublicUser> =>
  apiRequest(`/api/auth/users/activation/${encodeURIComponent(userId)}`, { method: 'POST', body: { activation } satisfies SetActivationBody, schema: publicUserSchema });

export const useSetUserActivation = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setUserActivation, onSuccess: (user) => replaceUserInList(queryClient, user) });
};
