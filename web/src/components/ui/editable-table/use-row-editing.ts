import { useMemo, useState } from 'react';
import type { KeyboardEvent } from 'react';
import type { z } from 'zod';
import { errorMessage } from '../../../libs/http-client';
import { notify } from '../toaster';
import type { TableToasts } from './editable-columns';
import { draftCellError, startDraft, withValue } from './row-draft';
import type { RowDraft } from './row-draft';

export interface RowEditingInput<R, Out> {
  schema: z.ZodType<Out>;
  toValues: (row: R) => Record<string, string>;
  onSave: (row: R, data: Out) => Promise<unknown>;
  toasts: TableToasts;
}

/**
 * Editing one row at a time: its cells are checked as they are typed with the screen's contract schema; Save sends
 * a row that passes, Escape cancels, and Enter in a cell saves.
 */
export const useRowEditing = <R extends { _id: string }, Out>({ schema, toValues, onSave, toasts }: RowEditingInput<R, Out>) => {
  const [draft, setDraft] = useState<RowDraft | null>(null);
  const [saving, setSaving] = useState(false);

  const result = useMemo(() => (draft ? schema.safeParse(draft.values) : null), [draft, schema]);
  const cellError = (key: string): string | undefined => (draft && result ? draftCellError(draft, result, key) : undefined);

  const startEdit = (row: R) => setDraft(startDraft(row._id, toValues(row)));
  const cancelEdit = () => setDraft(null);
  const change = (key: string, value: string) => setDraft((current) => (current ? withValue(current, key, value) : current));

  const save = async (row: R) => {
    if (!draft || saving) return;
    const parsed = schema.safeParse(draft.values);
    if (!parsed.success) {
      setDraft({ ...draft, submitted: true });
      return;
    }
    setSaving(true);
    try {
      await onSave(row, parsed.data);
      notify.success(toasts.text.updated, toasts.options);
      setDraft(null);
    } catch (error) {
      notify.error(errorMessage(error, toasts.text.updateFailed), toasts.options);
    } finally {
      setSaving(false);
    }
  };

  const onRowKeyDown = (row: R) => (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') cancelEdit();
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      void save(row);
    }
  };

  return { draft, saving, cellError, startEdit, cancelEdit, change, save, onRowKeyDown };
};
