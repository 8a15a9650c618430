import { Alert, DataList, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactElement } from 'react';
import { Pagination } from '../../../components/ui/pagination';
import { formatCents } from '../../../libs/format';
import { ADMIN_BATCH_LABELS_PAGE_SIZE, useAdminBatchLabels } from '../../../services/admin/admin-orders';
import { CARRIER_NAMES, carrierNames, formatKnownCents, marginColor, withoutCostNote } from '../label-costs';
import { Table } from '../../../components/ui/responsive-table';

/** The batch's carriers, cost and margin over its bought labels, as items of the batch's details list. */
export const BatchCostItems = ({ batchId }: { batchId: string }): ReactElement => {
  const labels = useAdminBatchLabels(batchId, 1);
  const costs = labels.data?.costs;
  const value = (text: (c: NonNullable<typeof costs>) => string, color?: (c: NonNullable<typeof costs>) => string | undefined) =>
    costs ? (
      <DataList.ItemValue color={color?.(costs)}>{text(costs)}</DataList.ItemValue>
    ) : (
      <DataList.ItemValue>{labels.isError ? 'Not available' : <Skeleton height="4" width="16" />}</DataList.ItemValue>
    );
  const note = costs ? withoutCostNote(costs.labelsWithoutCost) : null;
  return (
    <>
      <DataList.Item>
        <DataList.ItemLabel>Carriers</DataList.ItemLabel>
        {value((c) => carrierNames(c.carriers))}
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Carrier cost</DataList.ItemLabel>
        {value((c) => (note ? `${formatKnownCents(c.costCents)} (${note})` : formatKnownCents(c.costCents)))}
      </DataList.Item>
      <DataList.Item>
        <DataList.ItemLabel>Margin</DataList.ItemLabel>
        {value((c) => formatKnownCents(c.marginCents), (c) => marginColor(c.marginCents))}
      </DataList.Item>
    </>
  );
};

/** Each bought label of the batch with its carrier, price, cost and margin, a page at a time. */
export const BatchLabelsTable = ({ batchId }: { batchId: string }): ReactElement | null => {
  const [page, setPage] = useState(1);
  const labels = useAdminBatchLabels(batchId, page);
  if (labels.isPending) return <Skeleton height="24" />;
  if (labels.isError) {
    return (
      <Alert.Root status="error" size="sm">
        <Alert.Indicator />
        <Alert.Description>Failed to load the bought labels. Close the details and open them again.</Alert.Description>
      </Alert.Root>
    );
  }
  const { items, total } = labels.data;
  if (total === 0) return null;
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">
        Bought labels
      </Heading>
      {/* Focusable so the keyboard can scroll it: its rows hold nothing else to focus. */}
      <Table.ScrollArea borderWidth="1px" rounded="md" maxH="96" opacity={labels.isPlaceholderData ? 0.5 : 1} aria-busy={labels.isPlaceholderData} tabIndex={0}>
        <Table.Root size="sm" stickyHeader aria-label="Bought labels">
          <Table.Header>
            <Table.Row bg="bg.subtle">
              <Table.ColumnHeader>Row</Table.ColumnHeader>
              <Table.ColumnHeader>Recipient</Table.ColumnHeader>
              <Table.ColumnHeader>Carrier</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Cost</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Margin</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {items.map((label) => (
              <Table.Row key={label.itemId} data-testid="batch-label-row">
                <Table.Cell fontVariantNumeric="tabular-nums">{label.row}</Table.Cell>
                <Table.Cell>
                  <Text truncate maxW="40">
                    {label.recipient}
                  </Text>
                  <Text fontFamily="mono" textStyle="xs" color="fg.muted">
                    {label.trackingNumber ?? '—'}
                  </Text>
                </Table.Cell>
                <Table.Cell whiteSpace="nowrap">{label.carrier ? CARRIER_NAMES[label.carrier] : '—'}</Table.Cell>
                <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                  {formatCents(label.priceCents)}
                </Table.Cell>
                <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" whiteSpace="nowrap" color={label.costCents === null ? 'fg.muted' : undefined}>
                  {label.costCents === null ? 'Not recorded' : formatCents(label.costCents)}
                </Table.Cell>
                <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" color={marginColor(label.marginCents)}>
                  {formatKnownCents(label.marginCents)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Pagination
        page={page}
        pageCount={Math.ceil(total / ADMIN_BATCH_LABELS_PAGE_SIZE)}
        pageSize={ADMIN_BATCH_LABELS_PAGE_SIZE}
        total={total}
        onPageChange={setPage}
        itemLabel="bought labels"
      />
    </Stack>
  );
};
