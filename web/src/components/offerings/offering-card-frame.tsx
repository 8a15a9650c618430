import { Card } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';

/** Cards in a row keep one width, so a row reads as columns; on a phone one card nearly fills the screen. */
export const OFFERING_CARD_WIDTH = { base: '80vw', sm: '22rem' } as const;

interface OfferingCardFrameProps {
  label: string;
  children: ReactNode;
  muted?: boolean;
}

export const OfferingCardFrame = ({ label, children, muted = false }: OfferingCardFrameProps): ReactElement => (
  <Card.Root
    as="article"
    aria-label={label}
    variant="outline"
    size="sm"
    w={OFFERING_CARD_WIDTH}
    maxW="22rem"
    flexShrink={0}
    bg={muted ? 'bg.subtle' : 'bg.panel'}
    cursor="auto"
    data-testid="service-card"
  >
    {children}
  </Card.Root>
);
