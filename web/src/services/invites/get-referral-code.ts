import { referralCodeResponseSchema } from '@labeldesk/contracts';
import type { ReferralCodeResponse } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { inviteKeys } from './keys';

export const getReferralCode = (userId: string, signal?: AbortSignal): Promise<ReferralCodeResponse> =>
  apiRequest(`/api/invite/referral/${encodeURIComponent(userId)}`, { schema: referralCodeResponseSchema, ...(signal ? { signal } : {}) });

export const useReferralCode = (userId: string) =>
  useQuery({
    queryKey: inviteKeys.referralCode(userId),
    queryFn: ({ signal }) => getReferralCode(userId, signal),
  });
