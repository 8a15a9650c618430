import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { AdminOrdersResponse } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { StatusBadge } from '../../../components/ui/status-badge';
import { TestLabelBadge } from '../../../components/ui/test-mode-badge';
import { formatCents, formatDateTime } from '../../../libs/format';
import { carrierNames, formatKnownCents, marginColor, withoutCostNote } from '../label-costs';
import { adminStatusDisplay } from './status-display';
import { Table } from '../../../components/ui/responsive-table';

type Row = AdminOrdersResponse['items'][number];

/** What the row's labels cost us; labels bought before costs were recorded are named, never shown as free. */
const CostCell = ({ row }: { row: Row }): ReactElement => {
  const note = withoutCostNote(row.labelsWithoutCost);
  if (row.costCents === null && note) return <Text color="fg.muted">Not recorded</Text>;
  return (
    <Stack gap="0" align="flex-end">
      <Text>{formatKnownCents(row.costCents)}</Text>
      {note && (
        <Text color="fg.muted" textStyle="xs" title={note}>
          +{row.labelsWithoutCost} without cost
        </Text>
      )}
    </Stack>
  );
};

/** One order or batch: when, whose, what, its state, its labels and money, its tracking, and Open. */
const AdminOrderRow = ({ row, onOpen }: { row: Row; onOpen: (row: Row) => void }): ReactElement => {
  const status = adminStatusDisplay(row);
  return (
    <Table.Row data-testid="admin-order-row" data-kind={row.kind} data-status={row.status} data-mode={row.mode ?? 'live'}>
      <Table.Cell whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
        {formatDateTime(row.createdAt)}
      </Table.Cell>
      <Table.Cell maxW="48">
        <Stack gap="0">
          <Text truncate fontWeight="medium">
            {row.userName ?? 'Deleted user'}
          </Text>
          <Text truncate color="fg.muted" textStyle="xs">
            {row.userEmail ?? row.userId}
          </Text>
        </Stack>
      </Table.Cell>
      <Table.Cell whiteSpace="nowrap">
        <Stack gap="0">
          <Text>
            {row.kind === 'single' ? (row.serviceName ?? 'Single label') : `Batch of ${row.totalCount}`}
            {row.mode === 'test' && <TestLabelBadge ms="1.5" />}
          </Text>
          {row.carriers.length > 0 && (
            <Text color="fg.muted" textStyle="xs" data-testid="row-carriers">
              {carrierNames(row.carriers)}
            </Text>
          )}
        </Stack>
      </Table.Cell>
      <Table.Cell>
        <StatusBadge tone={status.tone}>{status.text}</StatusBadge>
      </Table.Cell>
      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
        {row.labels}/{row.totalCount}
        {row.failedCount > 0 && row.kind === 'batch' && (
          <Text as="span" color="fg.error" textStyle="xs" ms="1">
            ({row.failedCount} failed)
          </Text>
        )}
      </Table.Cell>
      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
        {formatCents(row.chargedCents)}
      </Table.Cell>
      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap">
        <CostCell row={row} />
      </Table.Cell>
      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap" color={marginColor(row.marginCents)}>
        {formatKnownCents(row.marginCents)}
      </Table.Cell>
      <Table.Cell fontFamily="mono" textStyle="xs" whiteSpace="nowrap">
        {row.trackingNumber ?? '—'}
      </Table.Cell>
      <Table.Cell>
        <HStack justify="flex-end">
          <Button size="xs" variant="outline" colorPalette="gray" onClick={() => onOpen(row)} aria-label={`Open ${row.kind === 'single' ? 'order' : 'batch'} of ${formatDateTime(row.createdAt)}`}>
            Open
          </Button>
        </HStack>
      </Table.Cell>
    </Table.Row>
  );
};

/** Newest first; the row opens the order's details, where its files are. */
export const AdminOrdersTable = ({ rows, onOpen, stale }: { rows: readonly Row[]; onOpen: (row: Row) => void; stale: boolean }): ReactElement => (
  // While new filters load, the previous rows stay (no jump) but are dimmed and marked busy, so none is taken for a match.
  <Table.ScrollArea borderWidth="1px" rounded="md" maxW="full" opacity={stale ? 0.5 : 1} aria-busy={stale} data-stale={stale || undefined}>
    <Table.Root size="sm" aria-label="Orders and batches">
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <Table.ColumnHeader>Date &amp; Time</Table.ColumnHeader>
          <Table.ColumnHeader>Customer</Table.ColumnHeader>
          <Table.ColumnHeader>Order</Table.ColumnHeader>
          <Table.ColumnHeader>Status</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Labels</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Charged</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Cost</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Margin</Table.ColumnHeader>
          <Table.ColumnHeader>Tracking</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Details</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {rows.map((row) => (
          <AdminOrderRow key={`${row.kind}:${row.id}`} row={row} onOpen={onOpen} />
        ))}
      </Table.Body>
    </Table.Root>
  </Table.ScrollArea>
);
