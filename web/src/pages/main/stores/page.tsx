import { Stack, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { TitledSection } from '../../../components/ui/titled-section';
import { TableError, TableSkeleton } from '../../../components/ui/table-states';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useStores } from '../../../services/stores/stores';
import { useAuthStore } from '../../../stores/auth.store';
import { ConnectOutcome } from './connect-outcome';
import { ConnectStoreForm } from './connect-store-form';
import { ConnectionsList } from './connections-list';
import { InboxSection } from './inbox-section';


/**
 * Stores (issue 47, decision 105): connect a store with its keys, see the connections (sync now, disconnect), and the
 * orders they brought in that are awaiting shipment, with the parcel weighed from the seller's SKUs.
 */
export const StoresPage = (): ReactElement => {
  useDocumentTitle('Stores');
  const stores = useStores();
  const user = useAuthStore((state) => state.user);
  const kinds = new Map((stores.data?.kinds ?? []).map((kind) => [kind.kind, kind.displayName]));

  return (
    <Stack gap="4">
      <PageHeader title="Stores" description="Connect your store: its paid orders come in by themselves, and the tracking goes back to it when you buy the label." />
      <ConnectOutcome />
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
        {user && <InboxSection userId={user._id} stores={stores.data?.stores ?? []} />}
      </TitledSection>
    </Stack>
  );
};
