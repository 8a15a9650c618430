import type { BulkTemplateColumn } from '@labeldesk/contracts';
import { useCallback, useMemo, useState } from 'react';
import { suggestionPatch } from './bulk-address-suggestions';
import type { BulkRow, BulkValues } from './bulk-rows';
import { notifyOnce } from './bulk-toasts';
import { zipFixCount, zipFixesByRow } from './bulk-zip-fixes';
import { useBulkAddressSuggestions } from './use-bulk-address-suggestions';

/** A row waiting for the user's yes before it is removed. */
export interface RowToDelete {
  row: BulkRow;
  /** 0-based position in the table. */
  index: number;
}

export interface BulkRowChanges {
  updateCell: (rowId: number, key: BulkTemplateColumn, value: string) => void;
  patchRows: (patches: ReadonlyMap<number, Partial<BulkValues>>) => void;
  deleteRow: (rowId: number) => void;
}

/**
 * What the user changes in the table row by row: a cell, the carrier's address suggestions (one or all), the ZIPs that
 * lost their leading zeros (one row or all), and a row deleted once confirmed. Each change says so in one toast that is not repeated while it shows.
 */
export const useBulkRowEdits = (rows: readonly BulkRow[], { updateCell, patchRows, deleteRow }: BulkRowChanges) => {
  const [toDelete, setToDelete] = useState<RowToDelete | null>(null);
  const { suggestions, addressWarnings } = useBulkAddressSuggestions(rows);
  const onAcceptSuggestion = useCallback(
    (rowId: number) => {
      const suggestion = suggestions.get(rowId);
      if (suggestion) patchRows(new Map([[rowId, suggestionPatch(suggestion)]]));
    },
    [suggestions, patchRows],
  );
  const onAcceptAllSuggestions = useCallback(() => {
    patchRows(new Map([...suggestions].map(([rowId, suggestion]) => [rowId, suggestionPatch(suggestion)])));
    notifyOnce('bulk-suggestions-accepted', 'success', `${suggestions.size} row(s) updated to the carrier's addresses`);
  }, [suggestions, patchRows]);
  // Through patchRows like any edit: the fixed rows are checked and priced again.
  const zipFixes = useMemo(() => zipFixesByRow(rows), [rows]);
  const onFixZips = useCallback(
    (rowId: number) => {
      const fix = zipFixes.get(rowId);
      if (fix) patchRows(new Map([[rowId, fix]]));
    },
    [zipFixes, patchRows],
  );
  const onFixAllZips = useCallback(() => {
    patchRows(zipFixes);
    notifyOnce('bulk-zips-fixed', 'success', `${zipFixCount(zipFixes)} ZIP code(s) fixed`);
  }, [zipFixes, patchRows]);
  const onCommit = useCallback(
    (rowId: number, key: BulkTemplateColumn, value: string) => {
      updateCell(rowId, key, value);
      notifyOnce('bulk-row-updated', 'success', 'Row updated successfully!');
    },
    [updateCell],
  );

  const onDelete = useCallback((row: BulkRow, index: number) => setToDelete({ row, index }), []);

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteRow(toDelete.row.id);
    setToDelete(null);
    notifyOnce('bulk-row-deleted', 'success', 'Row deleted successfully!');
  };

  return {
    suggestions,
    addressWarnings,
    onAcceptSuggestion,
    onAcceptAllSuggestions,
    zipFixes,
    onFixZips,
    onFixAllZips,
    onCommit,
    onDelete,
    deletion: { target: toDelete, onConfirm: confirmDelete, onCancel: () => setToDelete(null) },
  };
};
