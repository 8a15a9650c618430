import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactElement } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { TitledSection } from '../../../components/ui/titled-section';
import { TableEmpty, TableError, TableSkeleton } from '../../../components/ui/table-states';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { INBOX_PAGE_SIZE, useStoreInbox, useStores } from '../../../services/stores/stores';
import { AwaitingTable } from './awaiting-table';
import { ConnectStoreForm } from './connect-store-form';
import { ConnectionsList } from './connections-list';


/**
 * Stores (issue 47, decision 105): connect a store with its keys, see the connections (sync now, disconnect), and the
 * orders they brought in that are awaiting shipment, with the parcel weighed from the seller's SKUs.
 */
export const StoresPage = (): ReactElement => {
  useDocumentTitle('Stores');
  const stores = useStores();
  const [page, setPage] = useState(1);
  const inbox = useStoreInbox(page);
  const kinds = new Map((stores.data?.kinds ?? []).map((kind) => [kind.kind, kind.displayName]));
  const pages = inbox.data ? Math.max(1, Math.ceil(inbox.data.total / INBOX_PAGE_SIZE)) : 1;

  return (
    <Stack gap="4">
      <PageHeader title="Stores" description="Connect your store: its paid orders come in by themselves, and the tracking goes back to it when you buy the label." />
      <TitledSection id="connected-stores-heading" title="Connected stores">
        {stores.isPending ? (
          <TableSkeleton rows={2} label="Loading stores" />
        ) : stores.isError ? (
          <TableError title="Stores could not be loaded" onRetry={() => void stores.refetch()} retrying={stores.isFetching} />
        ) : stores.data.stores.length === 0 ? (
          <Text color="fg.muted" textStyle="sm">
            No store connected yet.
          </Text>
        ) : (
          <ConnectionsList stores={stores.data.stores} kinds={kinds} />
        )}
      </TitledSection>
      {stores.data?.kinds.map((kind) => (
        <TitledSection key={kind.kind} id={`connect-${kind.kind}-heading`} title={`Connect ${kind.displayName}`}>
          <ConnectStoreForm store={kind} />
        </TitledSection>
      ))}
      <TitledSection id="awaiting-heading" title="Awaiting shipment">
        {inbox.isPending ? (
          <TableSkeleton rows={3} label="Loading orders awaiting shipment" />
        ) : inbox.isError ? (
          <TableError title="Orders awaiting shipment could not be loaded" onRetry={() => void inbox.refetch()} retrying={inbox.isFetching} />
        ) : inbox.data.orders.length === 0 ? (
          <TableEmpty title="Nothing awaiting shipment" description="Paid orders of your connected stores show here until their label is bought." />
        ) : (
          <Stack gap="3">
            <AwaitingTable orders={inbox.data.orders} />
            <HStack justify="space-between">
              <Text textStyle="sm" color="fg.muted">
                {inbox.data.total} order{inbox.data.total === 1 ? '' : 's'} · page {page} of {pages}
              </Text>
              <HStack gap="2">
                <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage((current) => current - 1)}>
                  Previous
                </Button>
                <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage((current) => current + 1)}>
                  Next
                </Button>
              </HStack>
            </HStack>
          </Stack>
        )}
      </TitledSection>
    </Stack>
  );
};
