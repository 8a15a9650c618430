import { IconButton, Stack } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { EditableOfferingCard } from '../../../components/offerings/editable-offering-card';
import { RawOfferingCard } from '../../../components/offerings/raw-offering-card';
import { OfferingRowSection } from '../../../components/offerings/offering-row-section';
import { notifyOfferingFailed, notifyOfferingSaved } from '../../../components/offerings/offering-toasts';
import { RefreshIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useDefaultOfferings } from '../../../services/offerings/list-default-offerings';
import { useRawOfferings } from '../../../services/offerings/list-raw-offerings';
import { useRenameDefaultOffering } from '../../../services/offerings/rename-default-offering';
import { useSetDefaultPrices } from '../../../services/offerings/set-default-prices';
import { useSyncDefaultOfferings } from '../../../services/offerings/sync-default-offerings';
import { useToggleDefaultOffering } from '../../../services/offerings/toggle-default-offering';

/** Spec 8: one message when either list cannot be read. */
const LOAD_FAILED = 'Failed to load services data. Please try again.';

export const DefaultServicesPage = (): ReactElement => {
  useDocumentTitle('Default Services');
  const raw = useRawOfferings();
  const defaults = useDefaultOfferings();
  const sync = useSyncDefaultOfferings();
  const toggle = useToggleDefaultOffering();
  const setPrices = useSetDefaultPrices();
  const rename = useRenameDefaultOffering();

  const runSync = () => {
    if (sync.isPending) return;
    sync.mutate(undefined, {
      onSuccess: () => notifyOfferingSaved('Services synchronized successfully'),
      onError: (error) => notifyOfferingFailed('Failed to sync services.', error),
    });
  };

  const retry = (query: { refetch: () => Promise<unknown>; isFetching: boolean }) => ({
    title: LOAD_FAILED,
    onRetry: () => void query.refetch(),
    retrying: query.isFetching,
  });

  return (
    <>
      <PageHeader
        title="Default Services"
        description="The services and weight-tier prices every new user starts with."
        actions={
          <IconButton
            variant="outline"
            colorPalette="gray"
            size="sm"
            aria-label="Sync with Raw Services"
            title="Sync with Raw Services"
            loading={sync.isPending}
            onClick={runSync}
          >
            <RefreshIcon />
          </IconButton>
        }
      />
      <Stack gap="8">
        <OfferingRowSection
          id="raw-services-heading"
          title="Original Service Data"
          description="The carrier's services exactly as it lists them. Read-only: sync to bring new ones into the configuration."
          loading={raw.isPending}
          error={raw.isError ? retry(raw) : null}
          empty={raw.data?.length === 0 ? { title: 'The carrier lists no services', description: 'Check the carrier connection, then sync again.' } : null}
        >
          {raw.data?.map((offering) => <RawOfferingCard key={offering.uid} offering={offering} />)}
        </OfferingRowSection>

        <OfferingRowSection
          id="default-services-heading"
          title="Default Service Configuration"
          description="Switch services on or off, rename them and set their prices. Users keep their own copies once they have them."
          loading={defaults.isPending}
          error={defaults.isError ? retry(defaults) : null}
          empty={defaults.data?.length === 0 ? { title: 'No default services yet', description: 'Press Sync with Raw Services to import the carrier list.' } : null}
        >
          {defaults.data?.map((offering) => (
            <EditableOfferingCard
              key={offering._id}
              offering={offering}
              actions={{
                toggle: (enabled) => toggle.mutateAsync({ id: offering._id, enabled }),
                rename: (name) => rename.mutateAsync({ id: offering._id, name }),
                savePrices: (prices) => setPrices.mutateAsync({ id: offering._id, prices }),
              }}
            />
          ))}
        </OfferingRowSection>
      </Stack>
    </>
  );
};
