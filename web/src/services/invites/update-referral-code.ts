import { publicUserSchema } from '@labeldesk/contracts';
import type { PublicUser, UserDetailsBody } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { replaceUserInList } from '../users/replace-user';
import { inviteKeys } from './keys';

export interface UpdateReferralCodeVariables {
  userId: string;
  referralCode: string;
}

/** Spec section 7: referral management sends `{referralCode}` only to the admin's user-details route. */
export const updateReferralCode = ({ userId, referralCode }: UpdateReferralCodeVariables): Promise<PublicUser> =>
  apiRequest(`/api/auth/users/details/${encodeURIComponent(userId)}`, { method: 'POST', body: { referralCode } satisfies UserDetailsBody, schema: publicUserSchema });

/** The stored code (upper case) replaces the one in the users list and in the user's own invite data. */
export const useUpdateReferralCode = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReferralCode,
    onSuccess: (user) => {
      replaceUserInList(queryClient, user);
      queryClient.setQueryData(inviteKeys.referralCode(user._id), { referralCode: user.referralCode });
    },
  });
};
