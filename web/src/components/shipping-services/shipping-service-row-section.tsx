import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';
import { TableEmpty, TableError } from '../ui/table-states';
import { DragScrollRow } from './drag-scroll-row';
import { ShippingServiceCardSkeletons } from './shipping-service-card-skeleton';

interface ShippingServiceRowSectionProps {
  id: string;
  title: string;
  description: string;
  loading: boolean;
  /** The spec's load-failure text, with a retry. */
  error: { title: string; onRetry: () => void; retrying: boolean } | null;
  empty: { title: string; description: string } | null;
  children: ReactNode;
}

/** A titled row of shipping service cards: placeholders while loading, the failure with a retry, or the cards to drag through. */
export const ShippingServiceRowSection = ({ id, title, description, loading, error, empty, children }: ShippingServiceRowSectionProps): ReactElement => {
  const body = (): ReactElement => {
    if (loading) return <ShippingServiceCardSkeletons label={`Loading ${title}`} />;
    if (error) return <TableError title={error.title} onRetry={error.onRetry} retrying={error.retrying} />;
    if (empty) return <TableEmpty title={empty.title} description={empty.description} />;
    return <DragScrollRow label={`${title} cards`}>{children}</DragScrollRow>;
  };
  return (
    <Stack as="section" aria-labelledby={id} gap="3" minW="0">
      <Stack gap="0.5">
        <Heading as="h2" size="md" id={id}>
          {title}
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          {description}
        </Text>
      </Stack>
      {body()}
    </Stack>
  );
};
