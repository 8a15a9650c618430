import { Badge, Card, DataList, Heading, Stack, Text } from '@chakra-ui/react';
import type { RawService } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { courierOfUid } from '../../libs/courier-of-uid';
import { CarrierMark } from '../couriers/carrier-mark';
import { ShippingServiceCardFrame } from './shipping-service-card-frame';
import { TiersTable } from './tiers-table';

/** One of the carrier's shipping services exactly as it lists it: read-only (spec: 'Original Service Data'). */
export const RawShippingServiceCard = ({ shippingService }: { shippingService: RawService }): ReactElement => (
  <ShippingServiceCardFrame label={shippingService.name} muted>
    <Card.Header>
      <Stack direction="row" justify="space-between" align="start" gap="2">
        <Heading as="h3" size="sm" lineHeight="short">
          {shippingService.name}
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
          <DataList.ItemValue fontFamily="mono">{shippingService.uid}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Courier</DataList.ItemLabel>
          <DataList.ItemValue>
            <CarrierMark carrier={courierOfUid(shippingService.uid)} />
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Carrier</DataList.ItemLabel>
          <DataList.ItemValue>{shippingService.carrier.toUpperCase()}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Category</DataList.ItemLabel>
          <DataList.ItemValue>{shippingService.category || 'Other'}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Max weight</DataList.ItemLabel>
          <DataList.ItemValue>{shippingService.maxWeight} lb</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      <Stack gap="1">
        <Text textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
          Suggested prices
        </Text>
        <TiersTable tiers={shippingService.suggestedPrices ?? []} label={`Suggested prices of ${shippingService.name}`} />
      </Stack>
    </Card.Body>
  </ShippingServiceCardFrame>
);
