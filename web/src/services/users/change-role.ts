import { publicUserSchema } from '@labeldesk/contracts';
import type { ChangeRoleBody, PublicUser, UserRole } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { replaceUserInList } from './replace-user';

export const changeUserRole = ({ userId, role }: { userId: string; role: UserRole }): Promise<PublicUser> =>
  apiRequest(`/api/auth/users/role/${encodeURIComponent(userId)}`, { method: 'POST', body: { user_role: role } satisfies ChangeRoleBody, schema: publicUserSchema });

export const useChangeUserRole = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeUserRole, onSuccess: (user) => replaceUserInList(queryClient, user) });
};
