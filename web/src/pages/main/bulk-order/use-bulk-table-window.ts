import type { BulkTemplateColumn, ShippedOrder } from '@labeldesk/contracts';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { VirtualItem, Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useImperativeHandle, useRef } from 'react';
import type { Ref, RefObject } from 'react';
import type { RowSuggestion } from './bulk-address-suggestions';
import type { BulkRow } from './bulk-rows';
import { ERROR_ROW_HEIGHT, HEADER_HEIGHT, RATED_LINE_HEIGHT, ROW_HEIGHT } from './bulk-table-layout';
import { shippedMarkOf } from './use-shipped-orders';

export interface BulkTableHandle {
  /** Brings a row (0-based) into view, e.g. from the Validation Errors list. */
  scrollToRow: (index: number) => void;
}

export interface BulkTableWindowInput {
  rows: readonly BulkRow[];
  handle?: Ref<BulkTableHandle>;
  /** Rows with a suggestion, a warning or a shipped mark have a second line, so they are taller. */
  suggestions?: ReadonlyMap<number, RowSuggestion>;
  addressWarnings?: ReadonlyMap<number, readonly string[]>;
  shipped?: ReadonlyMap<string, ShippedOrder>;
  /** Rows under a rate rule, by id: their service cell has the rule's choice on a second line. */
  rated?: ReadonlyMap<number, unknown>;
}

export interface BulkTableWindow {
  scrollRef: RefObject<HTMLDivElement | null>;
  measure: Virtualizer<HTMLDivElement, Element>['measureElement'];
  /** The rows in view (plus overscan). */
  items: VirtualItem[];
  /** The heights of the rows above and below the window, kept as spacers. */
  top: number;
  bottom: number;
  /** Scrolls a cell into view and focuses it, e.g. from a row message naming a field. */
  showCell: (rowId: number, key: BulkTemplateColumn) => void;
}

/** Which rows of the sheet are in the page: only those in view, each one or two lines high; a new file starts at the top. */
export const useBulkTableWindow = ({ rows, handle, suggestions, addressWarnings, shipped, rated }: BulkTableWindowInput): BulkTableWindow => {
  const scrollRef = useRef<HTMLDivElement>(null);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => {
      const row = rows[index];
      if (!row) return ROW_HEIGHT;
      const messages = row.errors || suggestions?.has(row.id) || addressWarnings?.has(row.id) || (shipped && shippedMarkOf(shipped, row)) || row.items;
      // A line under a cell: the rate rule's choice, or the row's insurance price (decision 122).
      const ruleLine = rated?.has(row.id) || row.insured ? RATED_LINE_HEIGHT : 0;
      return (messages ? ERROR_ROW_HEIGHT : ROW_HEIGHT) + ruleLine;
    },
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 10,
    scrollMargin: HEADER_HEIGHT,
  });

  useImperativeHandle(handle, () => ({ scrollToRow: (index: number) => virtualizer.scrollToIndex(index, { align: 'center' }) }), [virtualizer]);

  // A new file: back to the top.
  const firstId = rows[0]?.id;
  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [firstId]);

  const showCell = useCallback((rowId: number, key: BulkTemplateColumn) => {
    const cell = scrollRef.current?.querySelector<HTMLButtonElement>(`tr[data-row-id="${rowId}"] td[data-col="${key}"] .bulk-cell`);
    cell?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    cell?.focus({ preventScroll: true });
  }, []);

  const items = virtualizer.getVirtualItems();
  const top = items.length > 0 ? (items[0]?.start ?? HEADER_HEIGHT) - HEADER_HEIGHT : 0;
  const bottom = items.length > 0 ? virtualizer.getTotalSize() - ((items[items.length - 1]?.end ?? HEADER_HEIGHT) - HEADER_HEIGHT) : 0;
  return { scrollRef, measure: virtualizer.measureElement, items, top, bottom, showCell };
};
