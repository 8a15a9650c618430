import { Button, Flex, Stack, Text } from '@chakra-ui/react';
import type { BatchLabel, BulkVoidResponse } from '@labeldesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { bulkVoidTotals, voidAllAmount } from '../../../../components/orders/label-lifecycle-display';
import { TrackingDrawer } from '../../../../components/orders/tracking-drawer';
import { ArrowLeftIcon, CloseIcon, ListIcon } from '../../../../components/ui/icons';
import { PageHeader } from '../../../../components/ui/page-header';
import { Pagination } from '../../../../components/ui/pagination';
import { QueryState } from '../../../../components/ui/query-state';
import { RefreshButton } from '../../../../components/ui/refresh-button';
import { TableSkeleton } from '../../../../components/ui/table-states';
import { notify } from '../../../../components/ui/toaster';
import { useDocumentTitle } from '../../../../hooks/use-document-title';
import { errorMessage } from '../../../../libs/http-client';
import { formatCents, formatDateTime } from '../../../../libs/format';
import { BATCH_LABELS_PAGE_SIZE, useBatchLabels } from '../../../../services/bulk-orders/batch-labels';
import { useBulkOrder } from '../../../../services/bulk-orders/bulk-order';
import { useVoidBatchLabels } from '../../../../services/bulk-orders/bulk-void';
import type { TrackingTarget } from '../../../../services/orders/label-tracking';
import { refreshAfterVoid } from '../../../../services/orders/refresh-after-void';
import { EMPTY_SELECTION, selectionTotal, toggleLabel, togglePage, type LabelSelection } from './label-selection';
import { BatchLabelsTable } from './labels-table';
import { VoidBatchDialog, type VoidRequest } from './void-batch-dialog';
import { BulkVoidSummary } from './void-summary';

export const LOAD_LABELS_FAILED = 'Failed to load the batch labels';
export const BULK_VOID_FAILED = 'Failed to void the labels';

const BatchLabelsContent = ({ batchId }: { batchId: string }): ReactElement => {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const batch = useBulkOrder(batchId);
  const labels = useBatchLabels(batchId, page);
  const voidLabels = useVoidBatchLabels();
  const [selection, setSelection] = useState<LabelSelection>(EMPTY_SELECTION);
  const [request, setRequest] = useState<VoidRequest | null>(null);
  const [result, setResult] = useState<BulkVoidResponse | null>(null);
  const [tracking, setTracking] = useState<TrackingTarget | null>(null);

  const total = labels.data?.totalCount ?? 0;
  const selectedCents = selectionTotal(selection);
  const allAmount =
    labels.data && batch.data
      ? voidAllAmount({ loaded: labels.data.labels, totalCount: labels.data.totalCount, batchCostCents: batch.data.bulkOrderData.cost })
      : null;
  const nothingToVoid = allAmount !== null && allAmount.exact && allAmount.cents === 0;

  const confirm = (confirmed: VoidRequest) => {
    voidLabels.mutate(
      { orderId: batchId, ...(confirmed.kind === 'selected' ? { trackingNumbers: confirmed.trackingNumbers } : {}) },
      {
        onSuccess: (response) => {
          setResult(response);
          setSelection(EMPTY_SELECTION);
          notify.success(bulkVoidTotals(response).counts);
        },
        onError: (error) => notify.error(errorMessage(error, BULK_VOID_FAILED)),
        onSettled: () => {
          setRequest(null);
          void refreshAfterVoid(queryClient);
        },
      },
    );
  };

  const description = batch.data
    ? `Batch of ${formatDateTime(batch.data.createdAt)}: ${batch.data.processedCount.toLocaleString('en-US')} labels bought for ${formatCents(batch.data.bulkOrderData.cost)}. Track a label, or void the ones you will not use.`
    : 'Track a label, or void the ones you will not use.';

  return (
    <>
      <PageHeader
        title="Batch labels"
        description={description}
        actions={
          <>
            <Button asChild size="sm" variant="ghost" colorPalette="gray">
              <RouterLink to="/main/batch-orders">
                <ArrowLeftIcon />
                Back to Batch Orders
              </RouterLink>
            </Button>
            <RefreshButton query={labels} />
            <Button
              size="sm"
              colorPalette="red"
              variant="outline"
              disabled={allAmount === null || nothingToVoid || voidLabels.isPending}
              onClick={() => allAmount && setRequest({ kind: 'all', cents: allAmount.cents, exact: allAmount.exact })}
            >
              <CloseIcon />
              Void all labels
            </Button>
          </>
        }
      />
      <Stack gap="4">
        {result && <BulkVoidSummary response={result} onDismiss={() => setResult(null)} />}
        <Flex
          as="section"
          aria-label="Selected labels"
          gap="3"
          align="center"
          justify="space-between"
          wrap="wrap"
          borderWidth="1px"
          rounded="md"
          px="3"
          py="2"
          bg="bg.subtle"
        >
          <Text textStyle="sm" data-testid="selection-summary" aria-live="polite">
            {selection.size === 0
              ? 'Select labels that have not been scanned yet to void them.'
              : `${selection.size} selected · ${formatCents(selectedCents)}`}
          </Text>
          <Flex gap="2">
            {selection.size > 0 && (
              <Button size="sm" variant="ghost" colorPalette="gray" onClick={() => setSelection(EMPTY_SELECTION)}>
                Clear selection
              </Button>
            )}
            <Button
              size="sm"
              colorPalette="red"
              disabled={selection.size === 0 || voidLabels.isPending}
              onClick={() => setRequest({ kind: 'selected', trackingNumbers: [...selection.keys()], cents: selectedCents })}
            >
              Void selected
            </Button>
          </Flex>
        </Flex>
        <QueryState
          query={labels}
          keepDataOnError
          loading={<TableSkeleton rows={8} label="Loading batch labels" />}
          error={{ title: errorMessage(labels.error, LOAD_LABELS_FAILED) }}
          isEmpty={(data) => data.labels.length === 0}
          empty={{ icon: <ListIcon />, title: 'No labels in this batch', description: 'This batch did not buy any label. Go back to Batch Orders to see its files.' }}
        >
          {(data) => (
            <>
              <BatchLabelsTable
                labels={data.labels}
                selection={selection}
                stale={labels.isPlaceholderData}
                disabled={voidLabels.isPending}
                onToggle={(label: BatchLabel, checked) => setSelection((current) => toggleLabel(current, label, checked))}
                onTogglePage={(checked) => setSelection((current) => togglePage(current, data.labels, checked))}
                onTrack={(label) => setTracking({ kind: 'batch', orderId: batchId, trackingNumber: label.trackingNumber })}
              />
              <Pagination
                page={page}
                pageCount={Math.max(1, Math.ceil(total / BATCH_LABELS_PAGE_SIZE))}
                pageSize={BATCH_LABELS_PAGE_SIZE}
                total={total}
                onPageChange={setPage}
                itemLabel="labels"
              />
            </>
          )}
        </QueryState>
      </Stack>
      <VoidBatchDialog request={request} loading={voidLabels.isPending} onConfirm={confirm} onCancel={() => setRequest(null)} />
      <TrackingDrawer target={tracking} onClose={() => setTracking(null)} />
    </>
  );
};

/** /main/batch-orders/:batchId: one batch's labels, with their state and tracking, and voiding. */
export const BatchLabelsPage = (): ReactElement | null => {
  useDocumentTitle('Batch labels');
  const { batchId } = useParams();
  return batchId ? <BatchLabelsContent key={batchId} batchId={batchId} /> : null;
};
