export const paymentKeys = {
  all: ['payments'] as const,
  recentDeposits: (userId: string) => [...paymentKeys.all, 'recent-deposits', userId] as const,
};
