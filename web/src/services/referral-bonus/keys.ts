/** The bonus settings are one for everybody; the bonuses received are per user (the id is in the key). */
export const referralBonusKeys = {
  all: ['referral-bonus'] as const,
  settings: () => [...referralBonusKeys.all, 'settings'] as const,
  credits: (userId: string) => [...referralBonusKeys.all, 'credits', userId] as const,
};
