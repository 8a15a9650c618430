import { HStack, Stack, Text } from '@chakra-ui/react';
import type { Service } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { courierOfUid } from '../../libs/courier-of-uid';
import { CarrierMark } from '../couriers/carrier-mark';
import { ShippingServiceStateBadge } from './shipping-service-state-badge';

/**
 * Under a service card's name: its courier's mark, its weight limit and state, then its uid on a line of its own, so a
 * long uid (`fedex_standard_overnight`) is read whole and never pushes the limit out of the card.
 */
export const ServiceIdentity = ({ shippingService }: { shippingService: Service }): ReactElement => (
  <Stack gap="1">
    <HStack justify="space-between" gap="2">
      <HStack gap="2" minW="0">
        <CarrierMark carrier={courierOfUid(shippingService.uid)} />
        <Text textStyle="xs" color="fg.muted" whiteSpace="nowrap">
          up to {shippingService.maxWeight} lb
        </Text>
      </HStack>
      <ShippingServiceStateBadge shippingService={shippingService} />
    </HStack>
    <Text textStyle="xs" color="fg.muted" fontFamily="mono" truncate title={shippingService.uid}>
      {shippingService.uid}
    </Text>
  </Stack>
);
