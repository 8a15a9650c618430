import { foldLineBreaks, rowRateRuleOf } from '@labeldesk/contracts';
import type { BulkTemplateColumn, FieldIssue, SkuRecord } from '@labeldesk/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { applyServerIssues, newRowId, validateRow, validateRows } from './bulk-rows';
import type { BulkRow, BulkValues, RowErrors, ValidationContext } from './bulk-rows';
import type { OrderItem } from './order-items';
import { presetNamed, presetPackageWeight, weightAfterQuantityChange } from './preset-weight';

export interface LoadedRow {
  values: BulkValues;
  missingPreset?: string;
  /** The order's items when the row ships several (decision 091). */
  items?: OrderItem[];
}

/** Which rows the page's service selector fills in. */
export type ServiceScope = 'missing' | 'all';

/** A row lacks a service when it has none, or one the user cannot buy. */
const lacksService = (values: BulkValues, context: ValidationContext): boolean => {
  const name = values.ServiceName.trim();
  // A row saying "Cheapest…" names its rule, not a missing service: filling it would overwrite the seller's choice.
  return name === '' || (context.services !== null && !context.services.has(name) && rowRateRuleOf(name) === null);
};

const withService = (row: BulkRow, serviceName: string): BulkRow => ({ ...row, values: { ...row.values, ServiceName: serviceName } });

/** Fills the package of a flagged Amazon row once its SKU names a saved preset. */
const fillFromPreset = (row: BulkRow, preset: SkuRecord | undefined): BulkRow => {
  if (!preset || row.missingPreset === undefined) return row;
  const { missingPreset: _dropped, ...rest } = row;
  return {
    ...rest,
    values: {
      ...row.values,
      PackageLength: String(preset.length),
      PackageWidth: String(preset.width),
      PackageHeight: String(preset.height),
      PackageWeight: presetPackageWeight(preset, row.values.quantity),
      PackageReference2: row.values.skuNumber,
    },
  };
};

/** A table row for a file's row, with the values it starts with. */
const newRow = (item: LoadedRow, values: BulkValues): BulkRow => ({
  id: newRowId(),
  values,
  errors: null,
  ...(item.missingPreset !== undefined ? { missingPreset: item.missingPreset } : {}),
  ...(item.items ? { items: item.items } : {}),
});

/**
 * The rows of the Bulk Order Items table and every change to them. Each change re-checks only the rows it
 * touched; all rows are re-checked when the user's services arrive (names and weight limits depend on them).
 */
export const useBulkRows = (context: ValidationContext, skus: readonly SkuRecord[]) => {
  const [rows, setRows] = useState<BulkRow[]>([]);
  const contextRef = useRef(context);
  const skusRef = useRef(skus);
  useEffect(() => {
    skusRef.current = skus;
  }, [skus]);

  useEffect(() => {
    if (contextRef.current === context) return;
    contextRef.current = context;
    setRows((current) => (current.length === 0 ? current : validateRows(current, context)));
  }, [context]);

  /** Replaces the table with a file's rows; rows without a service get `serviceName` when one is chosen. */
  const load = useCallback((loaded: readonly LoadedRow[], serviceName: string): BulkRow[] => {
    const ctx = contextRef.current;
    const next = loaded.map((item): BulkRow => {
      const values = serviceName !== '' && lacksService(item.values, ctx) ? { ...item.values, ServiceName: serviceName } : item.values;
      return validateRow(newRow(item, values), ctx);
    });
    setRows(next);
    return next;
  }, []);

  const updateCell = useCallback((rowId: number, key: BulkTemplateColumn, typed: string) => {
    // A pasted line break or tab is one space at once; the ends are trimmed by the row schema, not while typing.
    const value = foldLineBreaks(typed);
    setRows((current) =>
      current.map((row) => {
        if (row.id !== rowId) return row;
        let next: BulkRow = { ...row, values: { ...row.values, [key]: value } };
        // "Buy another label" was ticked for the order the row named: another order ID asks again.
        if (key === 'orderId' && next.buyAnother) next = { ...next, buyAnother: false };
        if (key === 'skuNumber') next = fillFromPreset(next, presetNamed(skusRef.current, value));
        if (key === 'quantity') {
          const PackageWeight = weightAfterQuantityChange(row.values, value, presetNamed(skusRef.current, row.values.skuNumber));
          next = { ...next, values: { ...next.values, PackageWeight } };
        }
        return validateRow(next, contextRef.current);
      }),
    );
  }, []);

  /** Changes several cells of several rows at once (accepting the carrier's address suggestions). */
  const patchRows = useCallback((patches: ReadonlyMap<number, Partial<BulkValues>>) => {
    setRows((current) =>
      current.map((row) => {
        const patch = patches.get(row.id);
        return patch ? validateRow({ ...row, values: { ...row.values, ...patch } }, contextRef.current) : row;
      }),
    );
  }, []);

  const deleteRow = useCallback((rowId: number) => setRows((current) => current.filter((row) => row.id !== rowId)), []);

  /** Ticks or clears "Buy another label" on a row whose order already has a label. */
  const setBuyAnother = useCallback(
    (rowId: number, buyAnother: boolean) => setRows((current) => current.map((row) => (row.id === rowId ? { ...row, buyAnother } : row))),
    [],
  );

  const clear = useCallback(() => setRows([]), []);

  /** Returns how many rows changed. */
  const applyService = useCallback(
    (serviceName: string, scope: ServiceScope): number => {
      const ctx = contextRef.current;
      let changed = 0;
      const next = rows.map((row) => {
        if (row.values.ServiceName === serviceName || (scope === 'missing' && !lacksService(row.values, ctx))) return row;
        changed += 1;
        return validateRow(withService(row, serviceName), ctx);
      });
      if (changed > 0) setRows(next);
      return changed;
    },
    [rows],
  );

  /** Marks the cells a 400 from the server named; returns those rows (0-based index and messages). */
  const markServerIssues = useCallback(
    (sentIds: readonly number[], issues: readonly FieldIssue[]): { index: number; errors: RowErrors }[] => {
      const result = applyServerIssues(rows, sentIds, issues);
      if (result.marked === 0) return [];
      setRows(result.rows);
      const named = new Set(result.markedIds);
      return result.rows.flatMap((row, index) => (row.errors && named.has(row.id) ? [{ index, errors: row.errors }] : []));
    },
    [rows],
  );

  const invalidCount = useMemo(() => rows.reduce((count, row) => count + (row.errors ? 1 : 0), 0), [rows]);

  return { rows, invalidCount, load, updateCell, patchRows, deleteRow, setBuyAnother, clear, applyService, markServerIssues };
};
