import { Button, Checkbox, Flex, Stack, Text } from '@chakra-ui/react';
import type { OrderListItem, ReturnLabel } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { LabelStateBadge, TrackingStatusBadge } from '../../../components/orders/label-lifecycle-badges';
import { canTrackOrder, canVoidOrder, isLabelWithdrawn, orderRowTone, withdrawnLabelText } from '../../../components/orders/label-lifecycle-display';
import { OrderStatusBadge } from '../../../components/orders/order-status';
import { CopyableCode } from '../../../components/ui/copyable-code';
import { CloseIcon, DownloadIcon, TruckIcon, UndoIcon } from '../../../components/ui/icons';
import { canReturnOrder, returnStateDisplay } from '../../../components/returns/return-display';
import { StatusBadge } from '../../../components/ui/status-badge';
import { TestLabelBadge } from '../../../components/ui/test-mode-badge';
import { notify } from '../../../components/ui/toaster';
import { downloadErrorMessage } from '../../../libs/download-file';
import { formatCents, formatDateTime } from '../../../libs/format';
import { useDownloadLabel } from '../../../services/orders/download-label';
import { Table } from '../../../components/ui/responsive-table';

const DownloadCell = ({ order, downloading, onDownload }: { order: OrderListItem; downloading: boolean; onDownload: () => void }): ReactElement => {
  if (order.status === 'completed' && order.label_state && isLabelWithdrawn(order.label_state)) {
    return (
      <Text textStyle="xs" color="fg.muted" maxW="40" whiteSpace="normal" data-testid="withdrawn-label">
        {withdrawnLabelText(order.label_state)}
      </Text>
    );
  }
  if (order.status === 'completed' && order.pdfName) {
    return (
      <Button size="xs" variant="outline" colorPalette="gray" bg="bg" onClick={onDownload} loading={downloading} loadingText="Downloading">
        <DownloadIcon />
        Download
      </Button>
    );
  }
  if (order.status === 'pending') {
    return (
      <Text textStyle="xs" color="fg.muted">
        Processing...
      </Text>
    );
  }
  return (
    <Text textStyle="xs" color="fg.muted" maxW="60" minW="40" whiteSpace="normal" overflowWrap="anywhere">
      {order.failureReason ?? 'Not available'}
    </Text>
  );
};

/** The price, struck through once it came back to the balance (voided or refunded). */
const PriceText = ({ order }: { order: OrderListItem }): ReactElement => {
  const returned = order.label_state === 'voided' || order.label_state === 'refunded';
  if (!returned) return <>{formatCents(order.price)}</>;
  return (
    <Stack gap="0" align="flex-end">
      <Text as="s" color="fg.muted">
        {formatCents(order.price)}
      </Text>
      <Text textStyle="xs" color="fg.muted" fontWeight="normal">
        back on balance
      </Text>
    </Stack>
  );
};

interface LabelActionsProps {
  order: OrderListItem;
  onVoid: () => void;
  onTrack: () => void;
  onReturn: () => void;
  /** Set while return labels cannot be bought here (test mode): the id of the text saying why. */
  returnsDescribedBy: string | undefined;
}

const LabelActions = ({ order, onVoid, onTrack, onReturn, returnsDescribedBy }: LabelActionsProps): ReactElement | null => {
  const track = canTrackOrder(order);
  const voidable = canVoidOrder(order);
  const returnable = canReturnOrder(order);
  if (!track && !voidable && !returnable) return null;
  const tracking = order.tracking_number ?? '';
  return (
    <Flex gap="1.5" wrap="wrap">
      {track && (
        <Button size="xs" variant="outline" colorPalette="gray" bg="bg" onClick={onTrack} aria-label={`Track label ${tracking}`}>
          <TruckIcon />
          Track
        </Button>
      )}
      {returnable && (
        <Button
          size="xs"
          variant="outline"
          colorPalette="gray"
          bg="bg"
          onClick={onReturn}
          disabled={returnsDescribedBy !== undefined}
          aria-describedby={returnsDescribedBy}
          aria-label={`Return label for ${tracking}`}
        >
          <UndoIcon />
          Return
        </Button>
      )}
      {voidable && (
        <Button size="xs" variant="outline" colorPalette="red" bg="bg" onClick={onVoid} aria-label={`Void label ${tracking}`}>
          <CloseIcon />
          Void
        </Button>
      )}
    </Flex>
  );
};

/** The order's latest return label beside its outbound label: a badge saying where it stands, opening the returns. */
const ReturnBadge = ({ returns, onOpen }: { returns: readonly ReturnLabel[]; onOpen: () => void }): ReactElement | null => {
  const latest = returns[0];
  if (!latest) return null;
  const state = returnStateDisplay(latest);
  return (
    <Button size="2xs" variant="plain" px="0" h="auto" onClick={onOpen} aria-label={`Return label ${latest.trackingNumber}: ${state.text}`} data-testid="return-badge">
      <StatusBadge tone={state.tone}>{returns.length > 1 ? `Return ×${returns.length}` : 'Return'}</StatusBadge>
    </Button>
  );
};

interface OrdersTableProps {
  orders: readonly OrderListItem[];
  onVoid: (order: OrderListItem) => void;
  onTrack: (order: OrderListItem) => void;
  /** Each order's return labels, newest first (decision 101). */
  returns: ReadonlyMap<string, readonly ReturnLabel[]>;
  onReturn: (order: OrderListItem) => void;
  /** The orders ticked for "Make return labels". */
  selected: ReadonlySet<string>;
  onSelect: (order: OrderListItem, selected: boolean) => void;
  /** Set while return labels cannot be bought here (test mode): the id of the text saying why. */
  returnsDescribedBy: string | undefined;
}

type RowActions = Omit<OrdersTableProps, 'orders'>;

/** One order: its selection for return labels, the order, its label's states and its actions. */
const OrderRow = ({
  order,
  download,
  save,
  onVoid,
  onTrack,
  returns,
  onReturn,
  selected,
  onSelect,
  returnsDescribedBy,
}: RowActions & { order: OrderListItem; download: ReturnType<typeof useDownloadLabel>; save: (pdfName: string) => void }): ReactElement => (
  <Table.Row
    bg={`status.${orderRowTone(order)}.bg`}
    data-testid="order-row"
    data-status={order.status}
    data-order-id={order._id}
    data-label-state={order.label_state ?? undefined}
  >
    <Table.Cell borderInlineStartWidth="3px" borderInlineStartColor={`status.${orderRowTone(order)}.solid`}>
      <Checkbox.Root
        size="sm"
        checked={selected.has(order._id)}
        disabled={!canReturnOrder(order) || returnsDescribedBy !== undefined}
        onCheckedChange={(details) => onSelect(order, details.checked === true)}>
        <Checkbox.HiddenInput aria-label={`Select order ${order.tracking_number ?? order._id}`} />
        <Checkbox.Control />
      </Checkbox.Root>
    </Table.Cell>
    <Table.Cell whiteSpace="nowrap">
      <Text fontWeight="medium">{formatDateTime(order.createdAt)}</Text>
      <Text textStyle="xs" color="fg.muted" maxW="56" truncate>
        {order.service_name} · to {order.receiver.receiver_name}
      </Text>
      {order.receiver.receiver_email && (
        <Text textStyle="xs" color="fg.muted" maxW="56" truncate title={order.receiver.receiver_email} data-testid="order-receiver-email">
          {order.receiver.receiver_email}
        </Text>
      )}
    </Table.Cell>
    <Table.Cell>
      <Stack gap="1" align="flex-start">
        <OrderStatusBadge status={order.status} />
        <LabelStateBadge state={order.label_state} />
        <TrackingStatusBadge status={order.tracking_status} />
        <ReturnBadge returns={returns.get(order._id) ?? []} onOpen={() => onReturn(order)} />
        {order.mode === 'test' && <TestLabelBadge />}
      </Stack>
    </Table.Cell>
    <Table.Cell textAlign="end">{order.ordered}</Table.Cell>
    <Table.Cell textAlign="end">{order.processed}</Table.Cell>
    <Table.Cell textAlign="end" whiteSpace="nowrap" fontWeight="medium">
      <PriceText order={order} />
    </Table.Cell>
    <Table.Cell>
      <DownloadCell
        order={order}
        downloading={download.isPending && download.variables === order.pdfName}
        onDownload={() => order.pdfName && save(order.pdfName)}
      />
    </Table.Cell>
    <Table.Cell>
      <Stack gap="1.5" align="flex-start">
        {order.tracking_number ? (
          <CopyableCode value={order.tracking_number} label="Copy tracking number" />
        ) : (
          <Text as="span" color="fg.muted" textStyle="xs">
            No tracking number
          </Text>
        )}
        <LabelActions order={order} onVoid={() => onVoid(order)} onTrack={() => onTrack(order)} onReturn={() => onReturn(order)} returnsDescribedBy={returnsDescribedBy} />
      </Stack>
    </Table.Cell>
  </Table.Row>
);

/**
 * Spec section 2, Orders list: the columns, and every row tinted by its status (section 4). Under the status, the label's
 * life after purchase (voided, refund pending...), its last tracking status and its return label; Track, Return and Void sit
 * with the tracking number; ticked orders get return labels together.
 */
export const OrdersTable = ({ orders, ...rowActions }: OrdersTableProps): ReactElement => {
  const download = useDownloadLabel();
  const save = (pdfName: string) => download.mutate(pdfName, { onError: (error) => notify.error(downloadErrorMessage(error)) });

  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" stickyHeader aria-label="Orders">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader w="8">
              <Text srOnly>Select</Text>
            </Table.ColumnHeader>
            <Table.ColumnHeader>Date &amp; Time</Table.ColumnHeader>
            <Table.ColumnHeader>Status</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Ordered</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Processed</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
            <Table.ColumnHeader>Download</Table.ColumnHeader>
            <Table.ColumnHeader>Actions</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {orders.map((order) => (
            <OrderRow key={order._id} order={order} download={download} save={save} {...rowActions} />
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
};
