import { depositPageSchema } from '@labeldesk/contracts';
import type { Deposit, DepositFilter, DepositPage, DepositStatus } from '@labeldesk/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { paymentKeys } from './keys';

/** Spec section 9: deposits are listed 7 per page. */
export const DEPOSITS_PAGE_SIZE = 7;

/** While a deposit on screen can still change by itself, the page asks again this often. */
export const OPEN_DEPOSIT_POLL_MS = 5_000;

/** Not final yet: the payment server may still settle or expire these (the server's 'pending' filter). */
const OPEN_STATUSES: ReadonlySet<DepositStatus> = new Set<DepositStatus>(['Creating', 'New', 'Processing']);

export const isOpenDeposit = (deposit: Deposit): boolean => OPEN_STATUSES.has(deposit.status);

export const listDeposits = (userId: string, page: number, filter: DepositFilter, signal?: AbortSignal): Promise<DepositPage> => {
  const query = new URLSearchParams({ page: String(page), limit: String(DEPOSITS_PAGE_SIZE), filter });
  return apiRequest(`/api/payment/deposits/${encodeURIComponent(userId)}?${query.toString()}`, {
    schema: depositPageSchema,
    ...(signal ? { signal } : {}),
  });
};

/** One server page, newest first. The previous page stays on screen while the next loads, and open deposits are polled. */
export const useDeposits = (userId: string, page: number, filter: DepositFilter) =>
  useQuery({
    queryKey: paymentKeys.depositPage(userId, page, filter),
    queryFn: ({ signal }) => listDeposits(userId, page, filter, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.deposits.some(isOpenDeposit) ? OPEN_DEPOSIT_POLL_MS : false),
  });
