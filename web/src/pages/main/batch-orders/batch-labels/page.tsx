import { Button, Stack, Text } from '@chakra-ui/react';
import type { BatchLabel } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { TrackingDrawer } from '../../../../components/orders/tracking-drawer';
import { ArrowLeftIcon, CloseIcon, ListIcon } from '../../../../components/ui/icons';
import { PageHeader } from '../../../../components/ui/page-header';
import { TestBatchBadge } from '../../../../components/ui/test-mode-badge';
import { Pagination } from '../../../../components/ui/pagination';
import { QueryState } from '../../../../components/ui/query-state';
import { RefreshButton } from '../../../../components/ui/refresh-button';
import { TableSkeleton } from '../../../../components/ui/table-states';
import { useDocumentTitle } from '../../../../hooks/use-document-title';
import { errorMessage } from '../../../../libs/http-client';
import { BATCH_LABELS_PAGE_SIZE } from '../../../../services/bulk-orders/batch-labels';
import { batchLabelsDescription } from './batch-labels-text';
import { EMPTY_SELECTION, toggleLabel, togglePage } from './label-selection';
import { BatchLabelsTable } from './labels-table';
import { SelectionBar } from './selection-bar';
import { useBatchLabelsPage } from './use-batch-labels-page';
import { VoidBatchDialog } from './void-batch-dialog';
import { BulkVoidSummary } from './void-summary';

export const LOAD_LABELS_FAILED = 'Failed to load the batch labels';

type BatchLabelsState = ReturnType<typeof useBatchLabelsPage>;

/** Back to the list, Refresh, and Void all labels (off until the amount is known, or when nothing can be voided). */
const HeaderActions = ({ state }: { state: BatchLabelsState }): ReactElement => {
  const { labels, allAmount, nothingToVoid, voiding, setRequest } = state;
  return (
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
        disabled={allAmount === null || nothingToVoid || voiding}
        onClick={() => allAmount && setRequest({ kind: 'all', cents: allAmount.cents, exact: allAmount.exact })}
      >
        <CloseIcon />
        Void all labels
      </Button>
    </>
  );
};

/** The page of labels with its pagination; the loading, failure and empty states around it. */
const LabelsList = ({ state, batchId }: { state: BatchLabelsState; batchId: string }): ReactElement => {
  const { labels, selection, setSelection, voiding, page, setPage, total, setTracking } = state;
  return (
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
            disabled={voiding}
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
  );
};

const BatchLabelsContent = ({ batchId }: { batchId: string }): ReactElement => {
  const state = useBatchLabelsPage(batchId);
  const { selection, setSelection, selectedCents, voiding, request, setRequest, confirm, result, setResult, tracking, setTracking } = state;
  return (
    <>
      <PageHeader title="Batch labels" description={batchLabelsDescription(state.batch.data)} actions={<HeaderActions state={state} />} />
      <Stack gap="4">
        {state.batch.data?.mode === 'test' && (
          <Text textStyle="sm" color="fg.muted" data-testid="test-batch-note">
            <TestBatchBadge me="1.5" />
            A test batch: made with a test key (ld_test_…) on the sandbox — not postage; its voids go back to the test balance.
          </Text>
        )}
        {result && <BulkVoidSummary response={result} onDismiss={() => setResult(null)} />}
        <SelectionBar
          count={selection.size}
          cents={selectedCents}
          voiding={voiding}
          onClear={() => setSelection(EMPTY_SELECTION)}
          onVoid={() => setRequest({ kind: 'selected', trackingNumbers: [...selection.keys()], cents: selectedCents })}
        />
        <LabelsList state={state} batchId={batchId} />
      </Stack>
      <VoidBatchDialog request={request} loading={voiding} onConfirm={confirm} onCancel={() => setRequest(null)} />
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
