import type { Deposit, DepositFilter } from '@labeldesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLastPageClamp } from '../../../hooks/use-last-page-clamp';
import { refreshSession } from '../../../services/auth/refresh-session';
import { paymentKeys } from '../../../services/payments/keys';
import { DEPOSITS_PAGE_SIZE, isOpenDeposit, useDeposits } from '../../../services/payments/list-deposits';

/** The server's filters; 'pending' covers every deposit not final yet (Creating, New, Processing). */
export const DEPOSIT_FILTERS: ReadonlyArray<{ value: DepositFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'Settled', label: 'Settled' },
  { value: 'pending', label: 'Pending' },
  { value: 'Expired', label: 'Expired' },
  { value: 'Invalid', label: 'Invalid' },
];

const isDepositFilter = (value: string): value is DepositFilter => DEPOSIT_FILTERS.some((filter) => filter.value === value);

/**
 * A deposit seen open that is now final (settled by the payment server while the page polled): the balance and
 * the totals changed too, so the user (and the dashboard's recent deposits) are read again.
 */
const useRefreshWhenDepositsFinish = (userId: string, rows: readonly Deposit[] | undefined) => {
  const queryClient = useQueryClient();
  const openIds = useRef<ReadonlySet<string>>(new Set());
  useEffect(() => {
    if (!rows) return;
    const finished = rows.some((deposit) => openIds.current.has(deposit._id) && !isOpenDeposit(deposit));
    openIds.current = new Set(rows.filter(isOpenDeposit).map((deposit) => deposit._id));
    if (!finished) return;
    void refreshSession(queryClient);
    void queryClient.invalidateQueries({ queryKey: paymentKeys.recentDeposits(userId) });
  }, [rows, queryClient, userId]);
};

/** The deposit history's filter, page and list, 7 a page from the server. */
export const useDepositHistory = (userId: string) => {
  const [filter, setFilter] = useState<DepositFilter>('all');
  const [page, setPage] = useState(1);
  const deposits = useDeposits(userId, page, filter);
  const { total, pageCount } = useLastPageClamp(deposits, DEPOSITS_PAGE_SIZE, page, setPage);

  useRefreshWhenDepositsFinish(userId, deposits.data?.deposits);

  const changeFilter = (value: string) => {
    if (!isDepositFilter(value)) return;
    setFilter(value);
    setPage(1);
  };

  return { deposits, filter, changeFilter, page, setPage, pageCount, total };
};
