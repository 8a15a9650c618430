import { deleteUserResponseSchema } from '@labeldesk/contracts';
import type { DeleteUserResponse, PublicUser } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { userKeys } from './keys';

/** Admin only: the user can no longer sign in and their sessions end; their orders and ledger stay on record. */
export const deleteUser = (userId: string): Promise<DeleteUserResponse> =>
  apiRequest(`/api/auth/users/${encodeURIComponent(userId)}`, { method: 'DELETE', schema: deleteUserResponseSchema });

/** Spec 4: on success the row is removed locally, without reading the list again. */
export const useDeleteUser = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSuccess: ({ userId }) => queryClient.setQueryData<PublicUser[]>(userKeys.list(), (list) => list?.filter((user) => user._id !== userId)),
  });
};
