import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import type { Service } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { OfferingCardFrame } from './offering-card-frame';
import { OfferingStateBadge } from './offering-state-badge';
import { TiersTable } from './tiers-table';

/** A configured offering shown for reference only (the defaults, next to a user's own copies). */
export const OfferingSummaryCard = ({ offering }: { offering: Service }): ReactElement => (
  <OfferingCardFrame label={offering.name} muted>
    <Card.Header>
      <Stack direction="row" justify="space-between" align="start" gap="2">
        <Heading as="h3" size="sm" lineHeight="short">
          {offering.name}
        </Heading>
        <OfferingStateBadge offering={offering} />
      </Stack>
      <Text textStyle="xs" color="fg.muted">
        <Text as="span" fontFamily="mono">
          {offering.uid}
        </Text>{' '}
        · up to {offering.maxWeight} lb
      </Text>
    </Card.Header>
    <Card.Body>
      <TiersTable tiers={offering.prices} label={`Prices of ${offering.name}`} />
    </Card.Body>
  </OfferingCardFrame>
);
