import { Card } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';

/** Cards in a row keep one width, so a row reads as columns; on a phone one card nearly fills the screen. */
export const SHIPPING_SERVICE_CARD_WIDTH = { base: '80vw', sm: '22rem' } as const;

interface ShippingServiceCardFrameProps {
  label: string;
  children: ReactNode;
  muted?: boolean;
}

export const ShippingServiceCardFrame = ({ label, children, muted = false }: ShippingServiceCardFrameProps): ReactElement => (
  <Card.Root
    as="article"
    aria-label={label}
    variant="outline"
    size="sm"
    w={SHIPPING_SERVICE_CARD_WIDTH}
    maxW="22rem"
    flexShrink={0}
    bg={muted ? 'bg.subtle' : 'bg.panel'}
    cursor="auto"
    data-testid="service-card"
  >
    {children}
  </Card.Root>
);
