import { Badge } from '@chakra-ui/react';
import { courierName } from '@labeldesk/contracts';
import type { Courier } from '@labeldesk/contracts';
import type { ReactElement } from 'react';

// Each courier's mark in a colour of its own (Chakra palettes whose subtle pairs pass WCAG AA), so a list of mixed
// carriers is read at a glance; no logos: their use is the couriers' to grant.
const MARK_PALETTES: Readonly<Record<Courier, string>> = { usps: 'blue', ups: 'orange', fedex: 'purple', dhl_express: 'red' };

/** The courier carrying a parcel, as a coloured name (the rate comparison, the service cards). */
export const CarrierMark = ({ carrier }: { carrier: Courier }): ReactElement => (
  <Badge colorPalette={MARK_PALETTES[carrier]} variant="subtle" size="sm" fontWeight="bold" minW={{ base: '0', sm: '5.5rem' }} justifyContent="center" flexShrink={0} data-testid="carrier-mark">
    {courierName(carrier)}
  </Badge>
);
