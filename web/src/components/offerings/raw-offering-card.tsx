import { Badge, Card, DataList, Heading, Stack, Text } from '@chakra-ui/react';
import type { RawService } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { ServiceCardFrame } from './offering-card-frame';
import { TiersTable } from './tiers-table';

/** One of the carrier's services exactly as it lists it: read-only (spec: 'Original Service Data'). */
export const RawServiceCard = ({ service }: { service: RawService }): ReactElement => (
  <ServiceCardFrame label={service.name} muted>
    <Card.Header>
      <Stack direction="row" justify="space-between" align="start" gap="2">
        <Heading as="h3" size="sm" lineHeight="short">
          {service.name}
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
          <DataList.ItemValue fontFamily="mono">{service.uid}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Carrier</DataList.ItemLabel>
          <DataList.ItemValue>{service.carrier.toUpperCase()}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Category</DataList.ItemLabel>
          <DataList.ItemValue>{service.category || 'Other'}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Max weight</DataList.ItemLabel>
          <DataList.ItemValue>{service.maxWeight} lb</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      <Stack gap="1">
        <Text textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
          Suggested prices
        </Text>
        <TiersTable tiers={service.suggestedPrices ?? []} label={`Suggested prices of ${service.name}`} />
      </Stack>
    </Card.Body>
  </ServiceCardFrame>
);
