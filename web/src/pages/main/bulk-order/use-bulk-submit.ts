import type { FieldIssue, LabelFormat, RateRule } from '@labeldesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { notify } from '../../../components/ui/toaster';
import { errorMessage, isApiError } from '../../../libs/http-client';
import { refreshSession } from '../../../services/auth/refresh-session';
import { INIT_BULK_FAILED, initBulkOrder } from '../../../services/bulk-orders/init-bulk-order';
import { bulkOrderKeys } from '../../../services/bulk-orders/keys';
import { PROCESS_BULK_FAILED, processBulkOrder } from '../../../services/bulk-orders/process-bulk-order';
import { useBulkProgressStore } from '../../../stores/bulk-progress.store';
import { checkBeforeSubmit } from './bulk-rows';
import type { BulkRow, ValidationContext } from './bulk-rows';
import type { InvalidRow } from './validation-errors-dialog';

interface PendingSubmit {
  orderId: string;
  body: string;
}

export interface BulkSubmitInput {
  userId: string;
  rows: readonly BulkRow[];
  context: ValidationContext;
  options: { labelFormat: LabelFormat; sortBySku: boolean; rateRule?: RateRule };
  /** Marks the cells a 400 named and returns those rows, for the Validation Errors list. */
  markServerIssues: (sentIds: readonly number[], issues: readonly FieldIssue[]) => InvalidRow[];
  /** Opens the Validation Errors list. */
  onInvalid: (rows: InvalidRow[]) => void;
  /** The batch was taken: the page lets go of the file. */
  onSubmitted: () => void;
}

/**
 * Buying the batch: rows with errors are listed and nothing is sent; otherwise a draft order is opened and the rows
 * processed. The draft of a refused attempt is sent again while the rows are unchanged, so the server answers once.
 */
export const useBulkSubmit = ({ userId, rows, context, options, markServerIssues, onInvalid, onSubmitted }: BulkSubmitInput) => {
  const queryClient = useQueryClient();
  const [submitting, setSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const inFlight = useRef(false);
  /** The draft batch of the last attempt: sent again unchanged, the same id is reused (the server answers once). */
  const pending = useRef<PendingSubmit | null>(null);

  /** The draft id of the last attempt, or a new one; null when none could be opened (the error is shown). */
  const draftFor = async (body: string): Promise<string | null> => {
    if (pending.current?.body === body) return pending.current.orderId;
    try {
      const orderId = await initBulkOrder(userId);
      pending.current = { orderId, body };
      return orderId;
    } catch (error) {
      const message = errorMessage(error, INIT_BULK_FAILED);
      setSubmitError(message);
      notify.error(INIT_BULK_FAILED, message === INIT_BULK_FAILED ? {} : { description: message });
      return null;
    }
  };

  const submit = async () => {
    if (inFlight.current || rows.length === 0) return;
    setSubmitError(null);

    // Spec 5: with any error the modal lists the rows and nothing is sent.
    const { orderData, invalid } = checkBeforeSubmit(rows, context);
    if (invalid.length > 0) {
      onInvalid(invalid);
      return;
    }

    const body = JSON.stringify({ orderData, options });
    const sentIds = rows.map((row) => row.id);
    inFlight.current = true;
    setSubmitting(true);
    try {
      const orderId = await draftFor(body);
      if (!orderId) return;
      try {
        const result = await processBulkOrder({ userId, orderId, orderData, options });
        pending.current = null;
        useBulkProgressStore.getState().initialize({ orderId: result.orderId, totalCount: result.totalCount, alreadyShippedCount: result.alreadyShippedCount ?? 0 });
        onSubmitted();
        void refreshSession(queryClient);
        void queryClient.invalidateQueries({ queryKey: bulkOrderKeys.all });
      } catch (error) {
        // A refusal (400/402/413) stored nothing: the draft id may be sent again once the rows are fixed.
        // A 400 naming rows (orderData.N.field): the cells are marked and listed as if checked here.
        if (isApiError(error) && error.issues && error.issues.length > 0) {
          const marked = markServerIssues(sentIds, error.issues);
          if (marked.length > 0) onInvalid(marked);
        }
        const message = errorMessage(error, PROCESS_BULK_FAILED);
        setSubmitError(message);
        notify.error(message === PROCESS_BULK_FAILED ? PROCESS_BULK_FAILED : message);
      }
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  };

  return {
    submitting,
    submitError,
    submit,
    clearError: () => setSubmitError(null),
    /** Rows changed as a whole (a new file, a reset): the next attempt opens a new draft. */
    forgetDraft: () => {
      pending.current = null;
    },
  };
};
