import type { BulkTemplateColumn } from '@labeldesk/contracts';
import { useCallback, useRef, useState } from 'react';
import type { BulkRow } from './bulk-rows';
import type { EditEnd } from './bulk-table-row';

export interface EditTarget {
  rowId: number;
  key: BulkTemplateColumn;
}

export interface BulkCellEditing {
  /** The one cell being edited, if any. */
  editing: EditTarget | null;
  onEdit: (rowId: number, key: BulkTemplateColumn) => void;
  onEditDone: (row: BulkRow, key: BulkTemplateColumn, value: string | null, end: EditEnd) => void;
  /** A ref for a cell's button that gives it the focus back when its edit ended from the keyboard. */
  focusRef: (rowId: number, key: BulkTemplateColumn) => (node: HTMLButtonElement | null) => void;
}

/** Which sheet cell is being edited, committing a changed (trimmed) value and handing the focus back after Enter/Escape. */
export const useBulkCellEditing = (onCommit: (rowId: number, key: BulkTemplateColumn, value: string) => void): BulkCellEditing => {
  const [editing, setEditing] = useState<EditTarget | null>(null);
  const pendingFocus = useRef<EditTarget | null>(null);

  const onEdit = useCallback((rowId: number, key: BulkTemplateColumn) => setEditing({ rowId, key }), []);
  const onEditDone = useCallback(
    (row: BulkRow, key: BulkTemplateColumn, value: string | null, end: EditEnd) => {
      setEditing(null);
      // After Enter or Escape the cell keeps the focus; after Tab or a click elsewhere it goes where it was sent.
      pendingFocus.current = end === 'key' ? { rowId: row.id, key } : null;
      if (value !== null && value.trim() !== row.values[key]) onCommit(row.id, key, value.trim());
    },
    [onCommit],
  );
  const focusRef = useCallback(
    (rowId: number, key: BulkTemplateColumn) => (node: HTMLButtonElement | null) => {
      const target = pendingFocus.current;
      if (node && target && target.rowId === rowId && target.key === key) {
        pendingFocus.current = null;
        node.focus({ preventScroll: true });
      }
    },
    [],
  );
  return { editing, onEdit, onEditDone, focusRef };
};
