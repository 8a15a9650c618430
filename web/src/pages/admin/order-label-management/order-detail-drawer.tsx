import { Alert, Button, CloseButton, DataList, Drawer, Heading, HStack, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { AdminOrderDetail, BulkOrder } from '@labeldesk/contracts';
import { useState, type ReactElement } from 'react';
import { DownloadIcon } from '../../../components/ui/icons';
import { StatusBadge } from '../../../components/ui/status-badge';
import { notify } from '../../../components/ui/toaster';
import { availableFiles, batchStatusDisplay } from '../../main/batch-orders/batch-order-display';
import { BULK_FILE_LABELS, downloadBulkFile, downloadErrorMessage, type BulkFileKind } from '../../../libs/download-file';
import { formatCents, formatDateTime } from '../../../libs/format';
import { useAdminOrderDetail } from '../../../services/admin/admin-orders';
import { downloadLabel } from '../../../services/orders/download-label';
import { CARRIER_NAMES, formatKnownCents, marginColor } from '../label-costs';
import { BatchCostItems, BatchLabelsTable } from './batch-labels';
import { adminStatusDisplay } from './status-display';
import { Table } from '../../../components/ui/responsive-table';

export interface OpenOrder {
  kind: 'single' | 'batch';
  id: string;
  customer: string;
}

const FAILED_SHOWN = 50;

/** Runs one download at a time per button and says how it went. */
const useDownload = () => {
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (key: string, label: string, download: () => Promise<string>) => {
    setBusy(key);
    try {
      await download();
      notify.success(`${label} download completed successfully!`);
    } catch (error) {
      notify.error(downloadErrorMessage(error));
    } finally {
      setBusy(null);
    }
  };
  return { busy, run };
};

const Party = ({ title, lines }: { title: string; lines: Array<string | null | undefined> }): ReactElement => (
  <Stack gap="0.5">
    <Text textStyle="xs" color="fg.muted" fontWeight="medium">
      {title}
    </Text>
    {lines.filter((line): line is string => Boolean(line)).map((line) => (
      <Text key={line} textStyle="sm">
        {line}
      </Text>
    ))}
  </Stack>
);

const SingleDetail = ({ order }: { order: Extract<AdminOrderDetail, { kind: 'single' }>['order'] }): ReactElement => {
  const { busy, run } = useDownload();
  const status = adminStatusDisplay({ kind: 'single', status: order.status, labels: 0, failedCount: 0 });
  const s = order.sender;
  const r = order.receiver;
  const p = order.package;
  return (
    <Stack gap="5">
      <DataList.Root orientation="horizontal" size="sm">
        <DataList.Item>
          <DataList.ItemLabel>Status</DataList.ItemLabel>
          <DataList.ItemValue>
            <StatusBadge tone={status.tone}>{status.text}</StatusBadge>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Service</DataList.ItemLabel>
          <DataList.ItemValue>{order.serviceName}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Price</DataList.ItemLabel>
          <DataList.ItemValue>{order.priceCents === null ? 'Not priced' : formatCents(order.priceCents)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Carrier</DataList.ItemLabel>
          <DataList.ItemValue>{order.carrier ? CARRIER_NAMES[order.carrier] : '—'}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Carrier cost</DataList.ItemLabel>
          <DataList.ItemValue>{order.status === 'completed' && order.costCents === null ? 'Not recorded' : formatKnownCents(order.costCents)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Margin</DataList.ItemLabel>
          <DataList.ItemValue color={marginColor(order.marginCents)}>{formatKnownCents(order.marginCents)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Tracking</DataList.ItemLabel>
          <DataList.ItemValue fontFamily="mono">{order.trackingNumber ?? '—'}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Placed</DataList.ItemLabel>
          <DataList.ItemValue>{formatDateTime(order.createdAt)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Last change</DataList.ItemLabel>
          <DataList.ItemValue>
            {formatDateTime(order.updatedAt)} (attempt {order.attempt})
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      {order.failureReason && (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Description>{order.failureReason}</Alert.Description>
        </Alert.Root>
      )}
      <Stack direction={{ base: 'column', sm: 'row' }} gap="6">
        <Party title="From" lines={[s.sender_name, s.sender_company, s.sender_address1, s.sender_address2, `${s.sender_city}, ${s.sender_state_province} ${s.sender_zip_postal}`, s.sender_phone]} />
        <Party title="To" lines={[r.receiver_name, r.receiver_company, r.receiver_address1, r.receiver_address2, `${r.receiver_city}, ${r.receiver_state_province} ${r.receiver_zip_postal}`, r.receiver_phone, r.receiver_email]} />
        <Party
          title="Package"
          lines={[`${p.package_length} × ${p.package_width} × ${p.package_height} in`, `${p.package_weight} lb`, p.package_description, p.package_reference2 ? `SKU ${p.package_reference2}` : undefined]}
        />
      </Stack>
      {order.pdfName && (
        <Button alignSelf="flex-start" size="sm" loading={busy === 'label'} onClick={() => void run('label', 'Label', () => downloadLabel(order.id))}>
          <DownloadIcon />
          Download label
        </Button>
      )}
    </Stack>
  );
};

const BatchDetail = ({ order }: { order: BulkOrder }): ReactElement => {
  const { busy, run } = useDownload();
  const status = batchStatusDisplay(order);
  const files: BulkFileKind[] = availableFiles(order);
  return (
    <Stack gap="5">
      <DataList.Root orientation="horizontal" size="sm">
        <DataList.Item>
          <DataList.ItemLabel>Status</DataList.ItemLabel>
          <DataList.ItemValue>
            <StatusBadge tone={status.tone}>{status.text}</StatusBadge>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Labels</DataList.ItemLabel>
          <DataList.ItemValue>
            {order.processedCount} of {order.totalCount} made, {order.failedCount} failed
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Charged</DataList.ItemLabel>
          <DataList.ItemValue>{formatCents(order.bulkOrderData.cost)}</DataList.ItemValue>
        </DataList.Item>
        <BatchCostItems batchId={order._id} />
        <DataList.Item>
          <DataList.ItemLabel>Submitted</DataList.ItemLabel>
          <DataList.ItemValue>{formatDateTime(order.createdAt)}</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      {files.length > 0 && (
        <HStack wrap="wrap" gap="2">
          {files.map((kind) => (
            <Button key={kind} size="sm" variant="outline" loading={busy === kind} onClick={() => void run(kind, BULK_FILE_LABELS[kind], () => downloadBulkFile(kind, order._id))}>
              <DownloadIcon />
              {BULK_FILE_LABELS[kind]}
            </Button>
          ))}
        </HStack>
      )}
      {order.failedLabels.length > 0 && (
        <Stack gap="2">
          <Heading as="h3" size="sm">
            Failed labels
          </Heading>
          <Table.ScrollArea borderWidth="1px" rounded="md" maxH="72">
            <Table.Root size="sm" stickyHeader aria-label="Failed labels">
              <Table.Header>
                <Table.Row bg="bg.subtle">
                  <Table.ColumnHeader>Row</Table.ColumnHeader>
                  <Table.ColumnHeader>Recipient</Table.ColumnHeader>
                  <Table.ColumnHeader>Error</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {order.failedLabels.slice(0, FAILED_SHOWN).map((label) => (
                  <Table.Row key={label.itemId}>
                    <Table.Cell>{label.row}</Table.Cell>
                    <Table.Cell>{label.recipient}</Table.Cell>
                    <Table.Cell color="fg.error">{label.error}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          {order.failedLabels.length > FAILED_SHOWN && (
            <Text textStyle="xs" color="fg.muted">
              The first {FAILED_SHOWN} of {order.failedCount}; the Results CSV has every one.
            </Text>
          )}
        </Stack>
      )}
      <BatchLabelsTable batchId={order._id} />
    </Stack>
  );
};

/** One order or batch, opened from the list: what happened, and its files. */
export const OrderDetailDrawer = ({ open, onClose }: { open: OpenOrder | null; onClose: () => void }): ReactElement => {
  const detail = useAdminOrderDetail(open ? { kind: open.kind, id: open.id } : null);
  return (
    <Drawer.Root open={open !== null} onOpenChange={(details) => !details.open && onClose()} size={{ base: 'full', md: 'lg' }}>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>
                {open?.kind === 'batch' ? 'Batch' : 'Order'} of {open?.customer}
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              {detail.isPending ? (
                <Stack gap="3">
                  <Skeleton height="6" />
                  <Skeleton height="24" />
                </Stack>
              ) : detail.isError ? (
                <Alert.Root status="error">
                  <Alert.Indicator />
                  <Alert.Description>{detail.error instanceof Error ? detail.error.message : 'Failed to load the order'}</Alert.Description>
                </Alert.Root>
              ) : detail.data.kind === 'single' ? (
                <SingleDetail order={detail.data.order} />
              ) : (
                <BatchDetail order={detail.data.order} />
              )}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close details" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
};
