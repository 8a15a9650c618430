import { Text } from '@chakra-ui/react';
import type { StoreInboxOrder } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { Table } from '../../../components/ui/responsive-table';

/** How long ago an order was placed, as a seller counts it: hours today, then days. */
export const ageOf = (placedAt: string, now: number = Date.now()): string => {
  const hours = Math.max(0, Math.floor((now - Date.parse(placedAt)) / 3_600_000));
  if (hours < 24) return hours === 0 ? 'under an hour' : `${hours} h`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? '' : 's'}`;
};

/** Imported orders awaiting shipment: store, order number, items, weight from the SKUs, destination, age. */
export const AwaitingTable = ({ orders }: { orders: readonly StoreInboxOrder[] }): ReactElement => (
  <Table.ScrollArea borderWidth="1px" rounded="md">
    <Table.Root size="sm" aria-label="Awaiting shipment">
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <Table.ColumnHeader>Store</Table.ColumnHeader>
          <Table.ColumnHeader>Order</Table.ColumnHeader>
          <Table.ColumnHeader>Items</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Weight</Table.ColumnHeader>
          <Table.ColumnHeader>Destination</Table.ColumnHeader>
          <Table.ColumnHeader>Age</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {orders.map((order) => (
          <Table.Row key={order.id} data-testid="awaiting-order" data-order-number={order.orderNumber}>
            <Table.Cell wordBreak="break-all">{order.storeName}</Table.Cell>
            <Table.Cell fontFamily="mono">#{order.orderNumber}</Table.Cell>
            <Table.Cell>
              {order.items.map((item, index) => (
                <Text key={`${item.sku}-${index}`} textStyle="sm">
                  {item.sku || item.name} × {item.quantity}
                </Text>
              ))}
            </Table.Cell>
            <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
              {order.package ? `${order.package.weightLb} lb` : <Text as="span" color="fg.muted">no SKU preset</Text>}
            </Table.Cell>
            <Table.Cell>
              {order.receiver.receiver_name}
              <Text textStyle="xs" color="fg.muted">
                {order.receiver.receiver_city}, {order.receiver.receiver_state_province} {order.receiver.receiver_zip_postal} {order.receiver.receiver_country}
              </Text>
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{ageOf(order.placedAt)}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  </Table.ScrollArea>
);
