import type { ReactElement } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import type { RowToDelete } from './use-bulk-order';

interface DeleteRowDialogProps {
  target: RowToDelete | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a row leaves the order, naming it by number and recipient. */
export const DeleteRowDialog = ({ target, onConfirm, onCancel }: DeleteRowDialogProps): ReactElement => (
  <ConfirmDialog open={target !== null} title="Are you sure you want to delete this item?" confirmLabel="Delete" tone="danger" onConfirm={onConfirm} onCancel={onCancel}>
    {target ? `Row ${target.index + 1}${target.row.values.ToRecipientName ? ` (${target.row.values.ToRecipientName})` : ''} will be removed from this order.` : null}
  </ConfirmDialog>
);
