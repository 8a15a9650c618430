import { CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import type { PublicUser } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { EditableShippingServiceCard } from '../../../components/shipping-services/editable-shipping-service-card';
import { ShippingServiceRowSection } from '../../../components/shipping-services/shipping-service-row-section';
import { ShippingServiceSummaryCard } from '../../../components/shipping-services/shipping-service-summary-card';
import { useDefaultShippingServices } from '../../../services/shipping-services/list-default-shipping-services';
import { useUserShippingServices } from '../../../services/shipping-services/list-user-shipping-services';
import { useRenameUserShippingService } from '../../../services/shipping-services/rename-user-shipping-service';
import { useSetUserPrices } from '../../../services/shipping-services/set-user-prices';
import { useSetUserPricing } from '../../../services/shipping-services/set-user-pricing';
import { useSetUserGroupPrices } from '../../../services/shipping-services/set-group-prices';
import { useToggleUserShippingService } from '../../../services/shipping-services/toggle-user-shipping-service';
import { useLastShown } from '../../../hooks/use-last-shown';

const UserServicesContent = ({ user }: { user: PublicUser }): ReactElement => {
  const defaults = useDefaultShippingServices();
  const mine = useUserShippingServices(user._id);
  const toggle = useToggleUserShippingService();
  const setPrices = useSetUserPrices();
  const setPricing = useSetUserPricing();
  const setGroupPrices = useSetUserGroupPrices();
  const rename = useRenameUserShippingService();
  const target = (shippingServiceId: string) => ({ userId: user._id, shippingServiceId });

  return (
    <Stack gap="8">
      <ShippingServiceRowSection
        id="user-defaults-heading"
        title="Default Services"
        description="The defaults, for reference (read-only): edit them on the Default Services page."
        loading={defaults.isPending}
        error={defaults.isError ? { title: 'Failed to load services', onRetry: () => void defaults.refetch(), retrying: defaults.isFetching } : null}
        empty={defaults.data?.length === 0 ? { title: 'No default services yet', description: 'Sync them on the Default Services page.' } : null}
      >
        {defaults.data?.map((shippingService) => <ShippingServiceSummaryCard key={shippingService._id} shippingService={shippingService} />)}
      </ShippingServiceRowSection>
      <ShippingServiceRowSection
        id="user-services-heading"
        title="User Services"
        description={`What ${user.name} can buy and what it costs them. Changes apply to their next quote.`}
        loading={mine.isPending}
        error={mine.isError ? { title: 'Failed to load services', onRetry: () => void mine.refetch(), retrying: mine.isFetching } : null}
        empty={mine.data?.length === 0 ? { title: 'No services yet', description: 'Sync the default services first, then open this again.' } : null}
      >
        {mine.data?.map((shippingService) => (
          <EditableShippingServiceCard
            key={shippingService._id}
            shippingService={shippingService}
            defaultPricing={defaults.data?.find((fallback) => fallback.uid === shippingService.uid)}
            pricingDescription={`${user.name}'s own pricing for this service, apart from the default's. It applies to their next quote.`}
            actions={{
              toggle: (enabled) => toggle.mutateAsync({ ...target(shippingService._id), enabled }),
              rename: (name) => rename.mutateAsync({ ...target(shippingService._id), name }),
              savePrices: (prices) => setPrices.mutateAsync({ ...target(shippingService._id), prices }),
              savePricing: (pricing) => setPricing.mutateAsync({ ...target(shippingService._id), pricing }),
              saveGroupPrices: (body) => setGroupPrices.mutateAsync({ ...target(shippingService._id), body }),
            }}
          />
        ))}
      </ShippingServiceRowSection>
    </Stack>
  );
};

/** Spec 2: a full-screen overlay per user with the default services (read-only) and the user's own (editable). */
export const UserServicesOverlay = ({ user, onClose }: { user: PublicUser | null; onClose: () => void }): ReactElement => {
  // The last user stays on screen while the overlay slides away.
  const shown = useLastShown(user);
  return (
  <Dialog.Root open={user !== null} onOpenChange={(details) => !details.open && onClose()} size="full" motionPreset="slide-in-bottom" scrollBehavior="inside">
    <Portal>
      <Dialog.Backdrop />
      <Dialog.Positioner>
        <Dialog.Content>
          <Dialog.Header borderBottomWidth="1px" flexDirection="column" alignItems="flex-start" gap="0.5" pe="14">
            <Dialog.Title>Services of {shown?.name}</Dialog.Title>
            <Text textStyle="sm" color="fg.muted">
              {shown?.email}
            </Text>
          </Dialog.Header>
          <Dialog.Body py="6" px={{ base: '4', md: '8' }}>
            {shown && <UserServicesContent user={shown} />}
          </Dialog.Body>
          <Dialog.CloseTrigger asChild>
            <CloseButton size="sm" aria-label="Close services" />
          </Dialog.CloseTrigger>
        </Dialog.Content>
      </Dialog.Positioner>
    </Portal>
  </Dialog.Root>
  );
};
