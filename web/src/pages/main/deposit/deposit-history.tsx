import { Box, Flex, Heading, IconButton, Stack, Text } from '@chakra-ui/react';
import type { DepositFilter, DepositPage } from '@labeldesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ReactElement } from 'react';
import { RefreshIcon, WalletIcon } from '../../../components/ui/icons';
import { Pagination } from '../../../components/ui/pagination';
import { SelectField } from '../../../components/ui/select-field';
import { QueryState } from '../../../components/ui/query-state';
import { TableSkeleton } from '../../../components/ui/table-states';
import { refreshSession } from '../../../services/auth/refresh-session';
import { paymentKeys } from '../../../services/payments/keys';
import { DEPOSITS_PAGE_SIZE, isOpenDeposit, useDeposits } from '../../../services/payments/list-deposits';
import { DepositsTable } from './deposits-table';

/** The server's filters; 'pending' covers every deposit not final yet (Creating, New, Processing). */
const FILTERS: ReadonlyArray<{ value: DepositFilter; label: string }> = [
  { value: 'all', label: 'All' },
  { value: 'Settled', label: 'Settled' },
  { value: 'pending', label: 'Pending' },
  { value: 'Expired', label: 'Expired' },
  { value: 'Invalid', label: 'Invalid' },
];

const isDepositFilter = (value: string): value is DepositFilter => FILTERS.some((filter) => filter.value === value);

/** Spec section 2, Deposit: the history, 7 a page from the server, with a status filter. */
export const DepositHistory = ({ userId }: { userId: string }): ReactElement => {
  const [filter, setFilter] = useState<DepositFilter>('all');
  const [page, setPage] = useState(1);
  const [refreshing, setRefreshing] = useState(false);
  const deposits = useDeposits(userId, page, filter);
  const total = deposits.data?.totalCount ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / DEPOSITS_PAGE_SIZE));

  // The list can shrink under the open page (e.g. a filter); show its last page rather than an empty one.
  const settledData = deposits.data !== undefined && !deposits.isPlaceholderData;
  useEffect(() => {
    if (settledData && page > pageCount) setPage(pageCount);
  }, [settledData, page, pageCount]);

  // A deposit seen open that is now final (settled by the payment server while the page polled): the balance and
  // the totals changed too, so the user (and the dashboard's recent deposits) are read again.
  const queryClient = useQueryClient();
  const openIds = useRef<ReadonlySet<string>>(new Set());
  const rows = deposits.data?.deposits;
  useEffect(() => {
    if (!rows) return;
    const finished = rows.some((deposit) => openIds.current.has(deposit._id) && !isOpenDeposit(deposit));
    openIds.current = new Set(rows.filter(isOpenDeposit).map((deposit) => deposit._id));
    if (!finished) return;
    void refreshSession(queryClient);
    void queryClient.invalidateQueries({ queryKey: paymentKeys.recentDeposits(userId) });
  }, [rows, queryClient, userId]);

  const changeFilter = (value: string) => {
    if (!isDepositFilter(value)) return;
    setFilter(value);
    setPage(1);
  };

  const list = (data: DepositPage): ReactElement => (
    <Box opacity={deposits.isPlaceholderData ? 0.6 : 1} transition="opacity 0.15s" aria-busy={deposits.isPlaceholderData}>
      <DepositsTable deposits={data.deposits} />
      <Pagination page={page} pageCount={pageCount} pageSize={DEPOSITS_PAGE_SIZE} total={total} onPageChange={setPage} itemLabel="deposits" />
    </Box>
  );

  const content = (): ReactElement => (
    <QueryState
      query={deposits}
      keepDataOnError
      loading={<TableSkeleton rows={DEPOSITS_PAGE_SIZE} label="Loading deposit history" />}
      error={{ title: 'Failed to load deposit history' }}
      isEmpty={(data) => data.deposits.length === 0}
      empty={{
        icon: <WalletIcon />,
        title: 'No deposit history found',
        description:
          filter === 'all'
            ? 'Top up your balance above; every invoice is listed here with its status.'
            : 'No deposit has this status. Choose All to see every top-up.',
      }}
    >
      {list}
    </QueryState>
  );

  return (
    <Stack as="section" aria-labelledby="deposit-history-heading" gap="3">
      <Flex justify="space-between" align={{ base: 'stretch', sm: 'flex-end' }} gap="3" direction={{ base: 'column', sm: 'row' }}>
        <Box minW="0">
          <Heading as="h2" size="md" id="deposit-history-heading">
            Deposit history
          </Heading>
          <Text color="fg.muted" textStyle="sm">
            Every top-up, newest first. Open invoices refresh by themselves.
          </Text>
        </Box>
        <Flex gap="2" align="flex-end" flexShrink={0}>
          <Box w={{ base: 'full', sm: '40' }}>
            <SelectField label="Status" name="deposit-filter" size="sm" value={filter} onChange={changeFilter}>
              {FILTERS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </SelectField>
          </Box>
          <IconButton
            aria-label="Refresh deposit history"
            title="Refresh"
            size="sm"
            variant="outline"
            colorPalette="gray"
            onClick={() => {
              setRefreshing(true);
              void deposits.refetch().finally(() => setRefreshing(false));
            }}
            loading={refreshing}
          >
            <RefreshIcon />
          </IconButton>
        </Flex>
      </Flex>
      {content()}
    </Stack>
  );
};
