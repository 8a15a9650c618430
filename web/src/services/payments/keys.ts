import type { DepositFilter } from '@labeldesk/contracts';

/** Deposit data is per user; the user id is in every key so a login-as never shows the previous user's deposits. */
export const paymentKeys = {
  all: ['payments'] as const,
  recentDeposits: (userId: string) => [...paymentKeys.all, 'recent-deposits', userId] as const,
  deposits: (userId: string) => [...paymentKeys.all, 'deposits', userId] as const,
  depositPage: (userId: string, page: number, filter: DepositFilter) => [...paymentKeys.deposits(userId), page, filter] as const,
  testInvoice: (invoiceId: string) => [...paymentKeys.all, 'test-invoice', invoiceId] as const,
  /** The session's test balance (decision 124): the token in the key, so a new session never reads the old one's. */
  testBalance: (token: string | null) => [...paymentKeys.all, 'test-balance', token] as const,
};
