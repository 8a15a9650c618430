import { publicUserSchema } from '@labeldesk/contracts';
import type { PublicUser } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { replaceUserInList } from './replace-user';

/** POST /api/auth/users/2fa-reset/{userId}: the admin turns a user's two-factor sign-in off. */
export const resetUserTwoFactor = (userId: string): Promise<PublicUser> =>
  apiRequest(`/api/auth/users/2fa-reset/${encodeURIComponent(userId)}`, { method: 'POST', schema: publicUserSchema });

export const useResetUserTwoFactor = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resetUserTwoFactor, onSuccess: (user) => replaceUserInList(queryClient, user) });
};
