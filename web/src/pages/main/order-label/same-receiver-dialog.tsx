import type { SameReceiverResponse } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatDateTime } from '../../../libs/format';

interface SameReceiverDialogProps {
  /** The earlier label to this receiver with these items, or null when there is nothing to ask. */
  label: SameReceiverResponse['label'];
  onBuyAnother: () => void;
  onCancel: () => void;
}

/** Issue 47: a warning, not a refusal; the user may buy the second label on purpose. */
export const SameReceiverDialog = ({ label, onBuyAnother, onCancel }: SameReceiverDialogProps): ReactElement => (
  <ConfirmDialog open={label !== null} title="Label already bought" confirmLabel="Buy another" onConfirm={onBuyAnother} onCancel={onCancel}>
    {label ? (
      <>
        You bought a label to this receiver on <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(label.purchasedAt)}</span> (tracking {label.trackingNumber}). Buy
        another?
      </>
    ) : null}
  </ConfirmDialog>
);
