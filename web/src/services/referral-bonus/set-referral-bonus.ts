import { referralBonusSettingsSchema, type ReferralBonusSettings } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { referralBonusKeys } from './keys';

export const setReferralBonus = (settings: ReferralBonusSettings): Promise<ReferralBonusSettings> =>
  apiRequest('/api/referral-bonus', { method: 'PUT', body: settings, schema: referralBonusSettingsSchema });

/** The saved settings replace the cached ones (the Invite page reads the same query). */
export const useSetReferralBonus = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setReferralBonus,
    onSuccess: (saved) => queryClient.setQueryData(referralBonusKeys.settings(), saved),
  });
};
