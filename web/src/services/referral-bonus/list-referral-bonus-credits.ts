import { referralBonusCreditsResponseSchema, type ReferralBonusCredit } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { referralBonusKeys } from './keys';

/** The referral bonuses a user received, newest first. */
export const listReferralBonusCredits = async (userId: string, signal?: AbortSignal): Promise<ReferralBonusCredit[]> =>
  (await apiRequest(`/api/referral-bonus/credits/${encodeURIComponent(userId)}`, { schema: referralBonusCreditsResponseSchema, ...(signal ? { signal } : {}) })).credits;

export const useReferralBonusCredits = (userId: string) =>
  useQuery({ queryKey: referralBonusKeys.credits(userId), queryFn: ({ signal }) => listReferralBonusCredits(userId, signal) });
