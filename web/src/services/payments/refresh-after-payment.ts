import type { QueryClient } from '@tanstack/react-query';
import { refreshSession } from '../auth/refresh-session';
import { referralBonusKeys } from '../referral-bonus/keys';
import { paymentKeys } from './keys';

/**
 * After a payment modal closes or reports news: the deposit history, the dashboard's recent deposits, a first top-up's
 * referral bonus and the user (balance, total deposit) are fetched again from our API. Nothing the payment page says
 * is trusted on its own.
 */
export const refreshAfterPayment = async (queryClient: QueryClient): Promise<void> => {
  await Promise.all([queryClient.invalidateQueries({ queryKey: paymentKeys.all }), queryClient.invalidateQueries({ queryKey: referralBonusKeys.all }), refreshSession(queryClient)]);
};
