import { referralBonusSettingsSchema, type ReferralBonusSettings } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { referralBonusKeys } from './keys';

/** Decision 087: the referral bonus as an admin set it (amount 0: off). */
export const getReferralBonus = (signal?: AbortSignal): Promise<ReferralBonusSettings> =>
  apiRequest('/api/referral-bonus', { schema: referralBonusSettingsSchema, ...(signal ? { signal } : {}) });

export const useReferralBonus = () => useQuery({ queryKey: referralBonusKeys.settings(), queryFn: ({ signal }) => getReferralBonus(signal) });
