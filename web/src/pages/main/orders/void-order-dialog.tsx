import { Text } from '@chakra-ui/react';
import type { OrderListItem } from '@labeldesk/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { singleVoidExplanation } from '../../../components/orders/label-lifecycle-display';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { notify } from '../../../components/ui/toaster';
import { errorMessage } from '../../../libs/http-client';
import { refreshAfterVoid } from '../../../services/orders/refresh-after-void';
import { useVoidLabel } from '../../../services/orders/void-label';

export const VOID_FAILED = 'Failed to void the label';

/** Asks before voiding one order's label, says what comes back and when, then reports the server's answer. */
export const VoidOrderDialog = ({ order, onClose }: { order: OrderListItem | null; onClose: () => void }): ReactElement => {
  const queryClient = useQueryClient();
  const voidLabel = useVoidLabel();
  const confirm = () => {
    if (!order) return;
    voidLabel.mutate(order._id, {
      onSuccess: (result) => {
        notify.success(result.message);
        void refreshAfterVoid(queryClient);
        onClose();
      },
      onError: (error) => {
        notify.error(errorMessage(error, VOID_FAILED));
        // A refusal may mean the label changed under us (scanned, voided elsewhere): show its current state.
        void refreshAfterVoid(queryClient);
        onClose();
      },
    });
  };
  return (
    <ConfirmDialog
      open={order !== null}
      title={`Void label ${order?.tracking_number ?? ''}?`}
      confirmLabel="Void label"
      cancelLabel="Keep label"
      tone="danger"
      loading={voidLabel.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    >
      <Text data-testid="void-explanation">{order ? singleVoidExplanation(order.price, order.courier) : ''}</Text>
    </ConfirmDialog>
  );
};
