import type { ReactElement } from 'react';
import { ConfirmDialog } from '../confirm-dialog';

interface DeleteRowConfirmProps<R> {
  /** The row the user asked to delete; the question is closed without one. */
  row: R | null;
  rowName: (row: R) => string;
  deleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The question before a row is deleted, naming the row. */
export const DeleteRowConfirm = <R,>({ row, rowName, deleting, onConfirm, onCancel }: DeleteRowConfirmProps<R>): ReactElement => (
  <ConfirmDialog
    open={row !== null}
    title="Are you sure you want to delete this item?"
    confirmLabel="Delete"
    tone="danger"
    loading={deleting}
    onConfirm={onConfirm}
    onCancel={onCancel}
  >
    {row ? `${rowName(row)} will be removed. This cannot be undone.` : null}
  </ConfirmDialog>
);
