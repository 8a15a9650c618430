import { Badge, HStack } from '@chakra-ui/react';
import type { Service } from '@labeldesk/contracts';
import type { ReactElement } from 'react';

/**
 * Enabled or disabled, and, for a user's copy, whether the platform still offers it: a copy whose default is
 * disabled cannot be bought even while enabled for the user.
 */
export const ShippingServiceStateBadge = ({ shippingService }: { shippingService: Service }): ReactElement => (
  <HStack gap="1" flexShrink={0}>
    <Badge colorPalette={shippingService.enabled ? 'green' : 'gray'} variant="surface">
      {shippingService.enabled ? 'Enabled' : 'Disabled'}
    </Badge>
    {!shippingService.status && shippingService.enabled && (
      <Badge colorPalette="orange" variant="surface" title="The default service is disabled, so this user cannot buy it">
        Not offered
      </Badge>
    )}
  </HStack>
);
