import type { ReactNode } from 'react';

export interface EditableColumn<R> {
  /** The field in the row's edit values and in the schema. */
  key: string;
  header: string;
  /** `fixed` cells are shown but never edited (e.g. a country that can only be US). */
  kind?: 'text' | 'number' | 'state' | 'fixed';
  step?: string;
  min?: number;
  align?: 'start' | 'end';
  minW?: string;
  /** How the cell reads when the row is not being edited; the edit value by default. */
  render?: (row: R) => ReactNode;
}

/** Spec section 8, "Table": the generic texts; a screen may name its own (e.g. 'Address updated successfully!'). */
export interface EditableTableMessages {
  updated: string;
  updateFailed: string;
  deleted: string;
  deleteFailed: string;
}

export const defaultMessages: EditableTableMessages = {
  updated: 'Row updated successfully!',
  updateFailed: 'Failed to update the row.',
  deleted: 'Row deleted successfully!',
  deleteFailed: 'Failed to delete the row.',
};

/** How the table's toasts read and how long they stay. */
export interface TableToasts {
  text: EditableTableMessages;
  options: { durationMs?: number };
}
