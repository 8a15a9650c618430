import type { z } from 'zod';

/** The one row being edited: its typed values, which cells were typed in, and whether Save was tried. */
export interface RowDraft {
  id: string;
  values: Record<string, string>;
  touched: Record<string, boolean>;
  submitted: boolean;
}

export const startDraft = (id: string, values: Record<string, string>): RowDraft => ({ id, values, touched: {}, submitted: false });

export const withValue = (draft: RowDraft, key: string, value: string): RowDraft => ({
  ...draft,
  values: { ...draft.values, [key]: value },
  touched: { ...draft.touched, [key]: true },
});

/**
 * The schema's message for a cell, shown once the cell was typed in or Save was tried: a row just opened for
 * editing is not covered in errors for cells the user has not reached yet.
 */
export const draftCellError = (draft: RowDraft, result: z.ZodSafeParseResult<unknown>, key: string): string | undefined => {
  if (result.success) return undefined;
  if (!draft.submitted && !draft.touched[key]) return undefined;
  return result.error.issues.find((issue) => issue.path[0] === key)?.message;
};
