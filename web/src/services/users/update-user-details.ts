import { publicUserSchema } from '@labeldesk/contracts';
import type { PublicUser, UserDetailsBody } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { replaceUserInList } from './replace-user';

export interface UpdateUserDetailsVariables {
  id: string;
  /**
   * A balance in cents (the ledger records the difference as an admin adjustment) and/or a referral code: at least one
   * (the server refuses an empty change); an admin's own balance is never sent.
   */
  body: UserDetailsBody;
  /** One key per confirmed change: a retry of it never posts a second ledger adjustment. */
  idempotencyKey: string;
}

export const updateUserDetails = ({ id, body, idempotencyKey }: UpdateUserDetailsVariables): Promise<PublicUser> =>
  apiRequest(`/api/auth/users/details/${encodeURIComponent(id)}`, {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    schema: publicUserSchema,
  });

export const useUpdateUserDetails = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateUserDetails, onSuccess: (user) => replaceUserInList(queryClient, user) });
};
