import { Badge, Box, Button, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import type { BulkOrder } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { BulkDownloadButtons } from '../../../components/bulk-progress/bulk-download-buttons';
import { ShippingDayButtons } from '../../../components/bulk-progress/shipping-day-buttons';
import { ListIcon, RefreshIcon } from '../../../components/ui/icons';
import { TestBatchBadge } from '../../../components/ui/test-mode-badge';
import { formatCents, formatDateTime } from '../../../libs/format';
import { batchCountsLine, batchMoneyBackLine, batchStatusDisplay, canRegenerateFiles, canRetryFailed, canViewLabels, downloadsCell, forceRecoveryLabel } from './batch-order-display';
import type { StatusDisplay } from './batch-order-display';
import { Table } from '../../../components/ui/responsive-table';

export type RowAction = 'retry' | 'recover';

interface BatchOrdersTableProps {
  orders: readonly BulkOrder[];
  /** The action running on a row, by batch id. */
  running: Readonly<Record<string, RowAction>>;
  onRetry: (order: BulkOrder) => void;
  onRecover: (order: BulkOrder) => void;
  now: number;
}

/** The app's status badge (same `status.*` tokens), allowed to wrap: some batch statuses are a sentence long. */
const BatchStatusBadge = ({ status }: { status: StatusDisplay }): ReactElement => (
  <Badge
    bg={`status.${status.tone}.bg`}
    color={`status.${status.tone}.fg`}
    borderWidth="1px"
    borderColor={`status.${status.tone}.border`}
    variant="plain"
    whiteSpace="normal"
    lineHeight="short"
    py="0.5"
  >
    {status.text}
  </Badge>
);

const TEXT_COLOURS = { muted: 'fg.muted', warning: 'status.stuck.fg', error: 'status.failed.fg' } as const;

const Actions = ({ order, running, onRetry, onRecover }: { order: BulkOrder; running: RowAction | undefined; onRetry: () => void; onRecover: () => void }): ReactElement => {
  const retry = canRetryFailed(order, running === 'retry') || running === 'retry';
  const regenerate = canRegenerateFiles(order);
  const force = forceRecoveryLabel(order);
  const view = canViewLabels(order);
  if (!retry && !regenerate && !force && !view) {
    return (
      <Text as="span" color="fg.muted" textStyle="xs">
        —
      </Text>
    );
  }
  // Regenerate Files (a finished batch) and Force Recovery / Try Again (a stuck or failed rebuild) are one rebuild.
  const recover = regenerate ? { label: 'Regenerate Files', palette: 'gray', loadingText: 'Regenerating...' } : force ? { label: force, palette: 'orange', loadingText: 'Recovering...' } : null;
  return (
    <Flex gap="1.5" direction={{ base: 'row', lg: 'column' }} wrap="wrap" align={{ base: 'center', lg: 'flex-start' }}>
      {view && (
        <Button asChild size="xs" variant="outline" colorPalette="brand" bg="bg">
          <RouterLink to={`/main/batch-orders/${encodeURIComponent(order._id)}`} aria-label={`View labels of the batch of ${formatDateTime(order.createdAt)}`}>
            <ListIcon />
            View labels
          </RouterLink>
        </Button>
      )}
      {retry && (
        <Button size="xs" variant="outline" colorPalette="gray" bg="bg" onClick={onRetry} loading={running === 'retry'} loadingText="Retrying..." disabled={running !== undefined}>
          <RefreshIcon />
          Retry Failed
        </Button>
      )}
      {recover && (
        <Button
          size="xs"
          variant="outline"
          colorPalette={recover.palette}
          bg="bg"
          onClick={onRecover}
          loading={running === 'recover'}
          loadingText={recover.loadingText}
          disabled={running !== undefined}
        >
          {recover.label}
        </Button>
      )}
    </Flex>
  );
};

const Downloads = ({ order }: { order: BulkOrder }): ReactElement => {
  const cell = downloadsCell(order);
  if (cell.kind === 'text') {
    return (
      <Text textStyle="xs" color={TEXT_COLOURS[cell.tone]} fontWeight={cell.tone === 'muted' ? 'normal' : 'medium'} maxW="15rem">
        {cell.text}
      </Text>
    );
  }
  return (
    <Stack gap="2">
      <BulkDownloadButtons batchId={order._id} files={cell.files} size="xs" compact />
      {order.processedCount > 0 && <ShippingDayButtons batchId={order._id} size="xs" />}
    </Stack>
  );
};

/** The money of the batch's voided labels: back on the balance, or pending the carrier. */
const MoneyBackLine = ({ order }: { order: BulkOrder }): ReactElement | null => {
  const line = batchMoneyBackLine(order.voids);
  return line === null ? null : (
    <Text as="span" display="block" textStyle="xs" fontWeight="normal" color="fg.muted" fontVariantNumeric="tabular-nums" data-testid="batch-money-back">
      {line}
    </Text>
  );
};

/** What a batch's rate rule saved against the dearest rates on the labels bought (decision 086); nothing without a rule. */
const SavedLine = ({ order }: { order: BulkOrder }): ReactElement | null =>
  order.bulkOrderData.savedCents === undefined ? null : (
    <Text as="span" display="block" textStyle="xs" fontWeight="normal" color="fg.muted" fontVariantNumeric="tabular-nums" data-testid="batch-saved">
      saved {formatCents(order.bulkOrderData.savedCents)}
    </Text>
  );

/** Spec 2 "Batch Orders": created date, price, status, actions, downloads; statuses per spec 4 "List display". */
export const BatchOrdersTable = ({ orders, running, onRetry, onRecover, now }: BatchOrdersTableProps): ReactElement => (
  <Table.ScrollArea borderWidth="1px" rounded="md">
    <Table.Root size="sm" stickyHeader aria-label="Batch Orders List">
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <Table.ColumnHeader>Created</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
          <Table.ColumnHeader>Status</Table.ColumnHeader>
          <Table.ColumnHeader>Actions</Table.ColumnHeader>
          <Table.ColumnHeader>Downloads</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {orders.map((order) => {
          const status = batchStatusDisplay(order, now);
          return (
            <Table.Row key={order._id} data-testid="batch-row" data-status={order.status} data-batch-id={order._id} data-mode={order.mode ?? 'live'}>
              <Table.Cell whiteSpace="nowrap" borderInlineStartWidth="3px" borderInlineStartColor={`status.${status.tone}.solid`}>
                <Text fontWeight="medium">
                {formatDateTime(order.createdAt)}
                {order.mode === 'test' && <TestBatchBadge ms="1.5" />}
              </Text>
                <Text textStyle="xs" color="fg.muted" fontVariantNumeric="tabular-nums" data-testid="batch-counts">
                  {batchCountsLine(order)}
                </Text>
              </Table.Cell>
              <Table.Cell textAlign="end" whiteSpace="nowrap" fontWeight="medium" fontVariantNumeric="tabular-nums" data-testid="batch-price">
                {formatCents(order.bulkOrderData.cost)}
                <MoneyBackLine order={order} />
                <SavedLine order={order} />
              </Table.Cell>
              <Table.Cell data-testid="batch-status" maxW="15rem">
                <BatchStatusBadge status={status} />
              </Table.Cell>
              <Table.Cell>
                <Actions order={order} running={running[order._id]} onRetry={() => onRetry(order)} onRecover={() => onRecover(order)} />
              </Table.Cell>
              <Table.Cell>
                <Downloads order={order} />
              </Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  </Table.ScrollArea>
);

/** Narrow screens: one card per batch, with the same content as a table row. */
export const BatchOrdersCards = ({ orders, running, onRetry, onRecover, now }: BatchOrdersTableProps): ReactElement => (
  <Stack as="ul" gap="3" listStyleType="none" aria-label="Batch Orders List">
    {orders.map((order) => {
      const status = batchStatusDisplay(order, now);
      return (
        <Box
          as="li"
          key={order._id}
          borderWidth="1px"
          borderInlineStartWidth="3px"
          borderInlineStartColor={`status.${status.tone}.solid`}
          rounded="md"
          p="3"
          data-testid="batch-card"
          data-status={order.status}
          data-batch-id={order._id}
        >
          <Flex justify="space-between" align="flex-start" gap="3">
            <Box minW="0">
              <Text fontWeight="medium">
                {formatDateTime(order.createdAt)}
                {order.mode === 'test' && <TestBatchBadge ms="1.5" />}
              </Text>
              <Text textStyle="xs" color="fg.muted" fontVariantNumeric="tabular-nums" data-testid="batch-counts">
                {batchCountsLine(order)}
              </Text>
            </Box>
            <Box textAlign="end">
              <Text fontWeight="semibold" fontVariantNumeric="tabular-nums" whiteSpace="nowrap" data-testid="batch-price">
                {formatCents(order.bulkOrderData.cost)}
              </Text>
              <MoneyBackLine order={order} />
              <SavedLine order={order} />
            </Box>
          </Flex>
          <HStack mt="2" data-testid="batch-status">
            <BatchStatusBadge status={status} />
          </HStack>
          <Stack gap="2" mt="3">
            <Downloads order={order} />
            {(canRetryFailed(order, running[order._id] === 'retry') ||
              running[order._id] !== undefined ||
              canRegenerateFiles(order) ||
              canViewLabels(order) ||
              forceRecoveryLabel(order) !== null) && (
              <Actions order={order} running={running[order._id]} onRetry={() => onRetry(order)} onRecover={() => onRecover(order)} />
            )}
          </Stack>
        </Box>
      );
    })}
  </Stack>
);
