import type { BulkVoidResponse } from '@labeldesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { bulkVoidTotals, voidAllAmount } from '../../../../components/orders/label-lifecycle-display';
import { notify } from '../../../../components/ui/toaster';
import { errorMessage } from '../../../../libs/http-client';
import { useBatchLabels } from '../../../../services/bulk-orders/batch-labels';
import { useBulkOrder } from '../../../../services/bulk-orders/bulk-order';
import { useVoidBatchLabels } from '../../../../services/bulk-orders/bulk-void';
import type { TrackingTarget } from '../../../../services/orders/label-tracking';
import { refreshAfterVoid } from '../../../../services/orders/refresh-after-void';
import { EMPTY_SELECTION, selectionTotal, type LabelSelection } from './label-selection';
import type { VoidRequest } from './void-batch-dialog';

export const BULK_VOID_FAILED = 'Failed to void the labels';

/** One batch's labels page: the batch, a page of its labels, the selection, the void asked for and its result. */
export const useBatchLabelsPage = (batchId: string) => {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const batch = useBulkOrder(batchId);
  const labels = useBatchLabels(batchId, page);
  const voidLabels = useVoidBatchLabels();
  const [selection, setSelection] = useState<LabelSelection>(EMPTY_SELECTION);
  const [request, setRequest] = useState<VoidRequest | null>(null);
  const [result, setResult] = useState<BulkVoidResponse | null>(null);
  const [tracking, setTracking] = useState<TrackingTarget | null>(null);

  const allAmount =
    labels.data && batch.data
      ? voidAllAmount({ loaded: labels.data.labels, totalCount: labels.data.totalCount, batchCostCents: batch.data.bulkOrderData.cost })
      : null;

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

  return {
    batch,
    labels,
    page,
    setPage,
    total: labels.data?.totalCount ?? 0,
    voiding: voidLabels.isPending,
    selection,
    setSelection,
    selectedCents: selectionTotal(selection),
    allAmount,
    nothingToVoid: allAmount !== null && allAmount.exact && allAmount.cents === 0,
    request,
    setRequest,
    confirm,
    result,
    setResult,
    tracking,
    setTracking,
  };
};
