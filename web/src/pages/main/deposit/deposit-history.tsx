import { Box, Flex, Heading, IconButton, Stack, Text } from '@chakra-ui/react';
import type { DepositPage } from '@labeldesk/contracts';
import { useState } from 'react';
import type { ReactElement } from 'react';
import { RefreshIcon, WalletIcon } from '../../../components/ui/icons';
import { Pagination } from '../../../components/ui/pagination';
import { SelectField } from '../../../components/ui/select-field';
import { QueryState } from '../../../components/ui/query-state';
import { TableSkeleton } from '../../../components/ui/table-states';
import { DEPOSITS_PAGE_SIZE } from '../../../services/payments/list-deposits';
import { DepositsTable } from './deposits-table';
import { DEPOSIT_FILTERS, useDepositHistory } from './use-deposit-history';

interface HistoryHeaderProps {
  filter: string;
  onFilterChange: (value: string) => void;
  onRefresh: () => Promise<unknown>;
}

/** The heading, the status filter and Refresh, which spins until the list is read again. */
const HistoryHeader = ({ filter, onFilterChange, onRefresh }: HistoryHeaderProps): ReactElement => {
  const [refreshing, setRefreshing] = useState(false);
  return (
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
          <SelectField label="Status" name="deposit-filter" size="sm" value={filter} onChange={onFilterChange}>
            {DEPOSIT_FILTERS.map((option) => (
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
            void onRefresh().finally(() => setRefreshing(false));
          }}
          loading={refreshing}
        >
          <RefreshIcon />
        </IconButton>
      </Flex>
    </Flex>
  );
};

/** Spec section 2, Deposit: the history, 7 a page from the server, with a status filter. */
export const DepositHistory = ({ userId }: { userId: string }): ReactElement => {
  const { deposits, filter, changeFilter, page, setPage, pageCount, total } = useDepositHistory(userId);

  const list = (data: DepositPage): ReactElement => (
    <Box opacity={deposits.isPlaceholderData ? 0.6 : 1} transition="opacity 0.15s" aria-busy={deposits.isPlaceholderData}>
      <DepositsTable deposits={data.deposits} />
      <Pagination page={page} pageCount={pageCount} pageSize={DEPOSITS_PAGE_SIZE} total={total} onPageChange={setPage} itemLabel="deposits" />
    </Box>
  );

  return (
    <Stack as="section" aria-labelledby="deposit-history-heading" gap="3">
      <HistoryHeader filter={filter} onFilterChange={changeFilter} onRefresh={() => deposits.refetch()} />
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
    </Stack>
  );
};
