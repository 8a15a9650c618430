import { Checkbox, Text } from '@chakra-ui/react';
import type { StoreInboxOrder } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { Table } from '../../../components/ui/responsive-table';
import { formatDateTime } from '../../../libs/format';

/** How long ago an order was placed, as a seller counts it: hours today, then days. */
export const ageOf = (placedAt: string, now: number = Date.now()): string => {
  const hours = Math.max(0, Math.floor((now - Date.parse(placedAt)) / 3_600_000));
  if (hours < 24) return hours === 0 ? 'under an hour' : `${hours} h`;
  const days = Math.floor(hours / 24);
  return `${days} day${days === 1 ? '' : 's'}`;
};

/** What the inbox's rows are chosen with: the orders selected to buy, and the already shipped ones bought again on purpose. */
export interface InboxSelection {
  selected: ReadonlySet<string>;
  buyAnother: ReadonlySet<string>;
  onSelect: (ids: readonly string[], selected: boolean) => void;
  onBuyAnother: (id: string, buyAnother: boolean) => void;
}

/**
 * Imported orders awaiting shipment: store, order number, items, weight from the SKUs, destination, age; each with
 * a box to select it for a purchase. An order whose number already has a label (decision 113) says so, and is left
 * out of a purchase unless "Buy another label" is ticked.
 */
export const AwaitingTable = ({ orders, selection }: { orders: readonly StoreInboxOrder[]; selection?: InboxSelection }): ReactElement => {
  const allSelected = selection !== undefined && orders.length > 0 && orders.every((order) => selection.selected.has(order.id));
  const someSelected = selection !== undefined && orders.some((order) => selection.selected.has(order.id));
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label="Awaiting shipment">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {selection && (
              <Table.ColumnHeader w="8">
                <Checkbox.Root
                  size="sm"
                  checked={allSelected ? true : someSelected ? 'indeterminate' : false}
                  onCheckedChange={(details) => selection.onSelect(orders.map((order) => order.id), details.checked === true)}
                >
                  <Checkbox.HiddenInput aria-label="Select every order on this page" />
                  <Checkbox.Control />
                </Checkbox.Root>
              </Table.ColumnHeader>
            )}
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
            <Table.Row key={order.id} data-testid="awaiting-order" data-order-number={order.orderNumber} data-selected={selection?.selected.has(order.id) ? 'true' : undefined}>
              {selection && (
                <Table.Cell>
                  <Checkbox.Root size="sm" checked={selection.selected.has(order.id)} onCheckedChange={(details) => selection.onSelect([order.id], details.checked === true)}>
                    <Checkbox.HiddenInput aria-label={`Select order #${order.orderNumber}`} />
                    <Checkbox.Control />
                  </Checkbox.Root>
                </Table.Cell>
              )}
              <Table.Cell wordBreak="break-all">{order.storeName}</Table.Cell>
              <Table.Cell>
                <Text fontFamily="mono">#{order.orderNumber}</Text>
                {order.shipped && (
                  <Text textStyle="xs" color="status.stuck.fg" whiteSpace="normal" minW="40" maxW="56" data-testid="awaiting-shipped">
                    Already shipped on {formatDateTime(order.shipped.shippedAt)}, tracking {order.shipped.trackingNumber}
                  </Text>
                )}
                {order.shipped && selection && (
                  <Checkbox.Root size="sm" mt="1" checked={selection.buyAnother.has(order.id)} onCheckedChange={(details) => selection.onBuyAnother(order.id, details.checked === true)}>
                    <Checkbox.HiddenInput aria-label={`Buy another label for order #${order.orderNumber}`} />
                    <Checkbox.Control />
                    <Checkbox.Label textStyle="xs">Buy another label</Checkbox.Label>
                  </Checkbox.Root>
                )}
              </Table.Cell>
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
};
