import { Badge, Card, DataList, Heading, Stack, Text } from '@chakra-ui/react';
import type { RawService } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { OfferingCardFrame } from './offering-card-frame';
import { TiersTable } from './tiers-table';

/** One of the carrier's offerings exactly as it lists it: read-only (spec: 'Original Service Data'). */
export const RawOfferingCard = ({ offering }: { offering: RawService }): ReactElement => (
  <OfferingCardFrame label={offering.name} muted>
    <Card.Header>
      <Stack direction="row" justify="space-between" align="start" gap="2">
        <Heading as="h3" size="sm" lineHeight="short">
          {offering.name}
        </Heading>
        <Badge colorPalette="gray" variant="surface" flexShrink={0}>
          Read-only
        </Badge>
      </Stack>
    </Card.Header>
    <Card.Body gap="4">
      <DataList.Root orientation="horizontal" size="sm">
        <DataList.Item>
          <DataList.ItemLabel>Service id</DataList.ItemLabel>
          <DataList.ItemValue fontFamily="mono">{offering.uid}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Carrier</DataList.ItemLabel>
          <DataList.ItemValue>{offering.carrier.toUpperCase()}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Category</DataList.ItemLabel>
          <DataList.ItemValue>{offering.category || 'Other'}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Max weight</DataList.ItemLabel>
          <DataList.ItemValue>{offering.maxWeight} lb</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      <Stack gap="1">
        <Text textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
          Suggested prices
        </Text>
        <TiersTable tiers={offering.suggestedPrices ?? []} label={`Suggested prices of ${offering.name}`} />
      </Stack>
    </Card.Body>
  </OfferingCardFrame>
);
