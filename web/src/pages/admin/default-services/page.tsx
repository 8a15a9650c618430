import { IconButton, Stack } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { EditableShippingServiceCard } from '../../../components/shipping-services/editable-shipping-service-card';
import { RawShippingServiceCard } from '../../../components/shipping-services/raw-shipping-service-card';
import { ShippingServiceRowSection } from '../../../components/shipping-services/shipping-service-row-section';
import { notifyShippingServiceFailed, notifyShippingServiceSaved } from '../../../components/shipping-services/shipping-service-toasts';
import { RefreshIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useDefaultShippingServices } from '../../../services/shipping-services/list-default-shipping-services';
import { useRawShippingServices } from '../../../services/shipping-services/list-raw-shipping-services';
import { useRenameDefaultShippingService } from '../../../services/shipping-services/rename-default-shipping-service';
import { useSetDefaultPrices } from '../../../services/shipping-services/set-default-prices';
import { useSetDefaultPricing } from '../../../services/shipping-services/set-default-pricing';
import { useSetDefaultGroupPrices } from '../../../services/shipping-services/set-group-prices';
import { useSyncDefaultShippingServices } from '../../../services/shipping-services/sync-default-shipping-services';
import { useToggleDefaultShippingService } from '../../../services/shipping-services/toggle-default-shipping-service';

/** Spec 8: one message when either list cannot be read. */
const LOAD_FAILED = 'Failed to load services data. Please try again.';

export const DefaultServicesPage = (): ReactElement => {
  useDocumentTitle('Default Services');
  const raw = useRawShippingServices();
  const defaults = useDefaultShippingServices();
  const sync = useSyncDefaultShippingServices();
  const toggle = useToggleDefaultShippingService();
  const setPrices = useSetDefaultPrices();
  const setPricing = useSetDefaultPricing();
  const setGroupPrices = useSetDefaultGroupPrices();
  const rename = useRenameDefaultShippingService();

  const runSync = () => {
    if (sync.isPending) return;
    sync.mutate(undefined, {
      onSuccess: () => notifyShippingServiceSaved('Services synchronized successfully'),
      onError: (error) => notifyShippingServiceFailed('Failed to sync services.', error),
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
        description="The services and weight-tier prices every new user starts with; a service may instead be priced at the carrier's cost + a markup."
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
        <ShippingServiceRowSection
          id="raw-services-heading"
          title="Original Service Data"
          description="The carrier's services exactly as it lists them. Read-only: sync to bring new ones into the configuration."
          loading={raw.isPending}
          error={raw.isError ? retry(raw) : null}
          empty={raw.data?.length === 0 ? { title: 'The carrier lists no services', description: 'Check the carrier connection, then sync again.' } : null}
        >
          {raw.data?.map((shippingService) => <RawShippingServiceCard key={shippingService.uid} shippingService={shippingService} />)}
        </ShippingServiceRowSection>

        <ShippingServiceRowSection
          id="default-services-heading"
          title="Default Service Configuration"
          description="Switch services on or off, rename them and set their prices. Users keep their own copies once they have them."
          loading={defaults.isPending}
          error={defaults.isError ? retry(defaults) : null}
          empty={defaults.data?.length === 0 ? { title: 'No default services yet', description: 'Press Sync with Raw Services to import the carrier list.' } : null}
        >
          {defaults.data?.map((shippingService) => (
            <EditableShippingServiceCard
              key={shippingService._id}
              shippingService={shippingService}
              pricingDescription="The default: what every new user starts with. Users who have their own copy keep its pricing."
              actions={{
                toggle: (enabled) => toggle.mutateAsync({ id: shippingService._id, enabled }),
                rename: (name) => rename.mutateAsync({ id: shippingService._id, name }),
                savePrices: (prices) => setPrices.mutateAsync({ id: shippingService._id, prices }),
                savePricing: (pricing) => setPricing.mutateAsync({ id: shippingService._id, pricing }),
                saveGroupPrices: (body) => setGroupPrices.mutateAsync({ id: shippingService._id, body }),
              }}
            />
          ))}
        </ShippingServiceRowSection>
      </Stack>
    </>
  );
};
