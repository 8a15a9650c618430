import { useState } from 'react';
import { errorMessage } from '../../../libs/http-client';
import { notify } from '../toaster';
import type { TableToasts } from './editable-columns';

/** A row deleted after the user confirms; `onDeleted` lets the table drop an edit of that row. */
export const useRowDeletion = <R,>(onDelete: (row: R) => Promise<unknown>, toasts: TableToasts, onDeleted: (row: R) => void) => {
  const [toDelete, setToDelete] = useState<R | null>(null);
  const [deleting, setDeleting] = useState(false);

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await onDelete(toDelete);
      notify.success(toasts.text.deleted, toasts.options);
      onDeleted(toDelete);
      setToDelete(null);
    } catch (error) {
      notify.error(errorMessage(error, toasts.text.deleteFailed), toasts.options);
    } finally {
      setDeleting(false);
    }
  };

  return { toDelete, deleting, ask: setToDelete, confirmDelete, cancel: () => setToDelete(null) };
};
