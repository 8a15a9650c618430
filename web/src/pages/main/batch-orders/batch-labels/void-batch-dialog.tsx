import { Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { batchVoidExplanation } from '../../../../components/orders/label-lifecycle-display';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';

/** What the confirmation asks about: the picked labels (an exact total) or the whole batch (exact when all of it is loaded). */
export type VoidRequest = { kind: 'selected'; trackingNumbers: string[]; cents: number } | { kind: 'all'; cents: number; exact: boolean };

interface VoidBatchDialogProps {
  request: VoidRequest | null;
  loading: boolean;
  onConfirm: (request: VoidRequest) => void;
  onCancel: () => void;
}

export const VoidBatchDialog = ({ request, loading, onConfirm, onCancel }: VoidBatchDialogProps): ReactElement => {
  const count = request?.kind === 'selected' ? request.trackingNumbers.length : null;
  const title = request?.kind === 'all' ? 'Void all labels of this batch?' : `Void ${count} selected ${count === 1 ? 'label' : 'labels'}?`;
  const explanation = request
    ? batchVoidExplanation({ count, cents: request.cents, exact: request.kind === 'selected' ? true : request.exact })
    : '';
  return (
    <ConfirmDialog
      open={request !== null}
      title={title}
      confirmLabel={request?.kind === 'all' ? 'Void all labels' : 'Void labels'}
      cancelLabel="Keep labels"
      tone="danger"
      loading={loading}
      onConfirm={() => request && onConfirm(request)}
      onCancel={onCancel}
    >
      <Text data-testid="void-explanation">{explanation}</Text>
    </ConfirmDialog>
  );
};
