import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { StoreInboxPage } from '@labeldesk/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { TableEmpty, TableError, TableSkeleton } from '../../../components/ui/table-states';
import { INBOX_PAGE_SIZE } from '../../../services/stores/stores';
import { AwaitingTable, type InboxSelection } from './awaiting-table';

interface InboxResultsProps {
  inbox: UseQueryResult<StoreInboxPage>;
  /** A store or words are asked for: an empty page says no order matches. */
  filtered: boolean;
  page: number;
  onPage: (page: number) => void;
  selection: InboxSelection;
}

/** A page of the inbox (loading, failed, empty, or the orders with their boxes) and the pages around it. */
export const InboxResults = ({ inbox, filtered, page, onPage, selection }: InboxResultsProps): ReactElement => {
  const pages = inbox.data ? Math.max(1, Math.ceil(inbox.data.total / INBOX_PAGE_SIZE)) : 1;
  return inbox.isPending ? (
    <TableSkeleton rows={3} label="Loading orders awaiting shipment" />
  ) : inbox.isError ? (
    <TableError title="Orders awaiting shipment could not be loaded" onRetry={() => void inbox.refetch()} retrying={inbox.isFetching} />
  ) : inbox.data.orders.length === 0 ? (
    <TableEmpty
      title="Nothing awaiting shipment"
      description={filtered ? 'No order matches these filters.' : 'Paid orders of your connected stores show here until their label is bought.'}
    />
  ) : (
    <Stack gap="3">
      <AwaitingTable orders={inbox.data.orders} selection={selection} />
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Text textStyle="sm" color="fg.muted">
          {inbox.data.total} order{inbox.data.total === 1 ? '' : 's'} · page {page} of {pages}
        </Text>
        <HStack gap="2">
          <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </HStack>
      </HStack>
    </Stack>
  );
};
