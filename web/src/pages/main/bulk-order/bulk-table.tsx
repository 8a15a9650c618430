import { Box } from '@chakra-ui/react';
import type { BulkTemplateColumn, ShippedOrder } from '@labeldesk/contracts';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { ReactElement, Ref } from 'react';
import { BULK_COLUMNS } from './bulk-columns';
import type { BulkRow } from './bulk-rows';
import type { RowSuggestion } from './bulk-address-suggestions';
import { BulkTableRow } from './bulk-table-row';
import type { EditEnd } from './bulk-table-row';
import { shippedMarkOf } from './use-shipped-orders';

/** Fixed heights keep 10,000 rows cheap to lay out: a row with errors has a second line for them. */
const ROW_HEIGHT = 38;
const ERROR_ROW_HEIGHT = 56;
const HEADER_HEIGHT = 40;
const ROW_COLUMN_WIDTH = 100;
const TABLE_WIDTH = ROW_COLUMN_WIDTH + BULK_COLUMNS.reduce((sum, column) => sum + column.width, 0);

export interface BulkTableHandle {
  /** Brings a row (0-based) into view, e.g. from the Validation Errors list. */
  scrollToRow: (index: number) => void;
}

export interface BulkTableProps {
  rows: readonly BulkRow[];
  /** The services the user may buy, for the Service cell's picker. */
  serviceNames: readonly string[];
  onCommit: (rowId: number, key: BulkTemplateColumn, value: string) => void;
  onDelete: (row: BulkRow, index: number) => void;
  /** Rows cannot be changed while the batch is being submitted. */
  readOnly: boolean;
  handle?: Ref<BulkTableHandle>;
  /** The carrier's address suggestions by row id (issue 26), each accepted with one click. */
  suggestions?: ReadonlyMap<number, RowSuggestion>;
  /** What the server doubts about a row's addresses without refusing them (a city), by row id. */
  addressWarnings?: ReadonlyMap<number, readonly string[]>;
  onAcceptSuggestion?: (rowId: number) => void;
  /** Issue 47: the loaded file's orders that already have a label, by order ID. */
  shipped?: ReadonlyMap<string, ShippedOrder>;
  onBuyAnother?: (rowId: number, buyAnother: boolean) => void;
}

interface EditTarget {
  rowId: number;
  key: BulkTemplateColumn;
}


/**
 * 'Bulk Order Items': every uploaded row, windowed (only the rows in view are in the page), with a sticky
 * header and row column. A cell is edited where it is: click it (or Enter on it), type, Enter or leave to keep.
 */
export const BulkTable = ({ rows, serviceNames, onCommit, onDelete, readOnly, handle, suggestions, addressWarnings, onAcceptSuggestion, shipped, onBuyAnother }: BulkTableProps): ReactElement => {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [editing, setEditing] = useState<EditTarget | null>(null);
  const pendingFocus = useRef<EditTarget | null>(null);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => {
      const row = rows[index];
      if (!row) return ROW_HEIGHT;
      const twoLines = row.errors || suggestions?.has(row.id) || addressWarnings?.has(row.id) || (shipped && shippedMarkOf(shipped, row));
      return twoLines ? ERROR_ROW_HEIGHT : ROW_HEIGHT;
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

  const onShowCell = useCallback((rowId: number, key: BulkTemplateColumn) => {
    const cell = scrollRef.current?.querySelector<HTMLButtonElement>(`tr[data-row-id="${rowId}"] td[data-col="${key}"] .bulk-cell`);
    cell?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    cell?.focus({ preventScroll: true });
  }, []);

  const items = virtualizer.getVirtualItems();
  const top = items.length > 0 ? (items[0]?.start ?? HEADER_HEIGHT) - HEADER_HEIGHT : 0;
  const bottom = items.length > 0 ? virtualizer.getTotalSize() - ((items[items.length - 1]?.end ?? HEADER_HEIGHT) - HEADER_HEIGHT) : 0;

  return (
    <Box
      ref={scrollRef}
      // A spreadsheet: its 30 columns scroll sideways inside this frame by design, while the row header (number,
      // delete) stays in view; the layout browser test holds it to that instead of to fitting.
      data-layout="sheet"
      role="region"
      aria-label="Bulk Order Items table"
      tabIndex={0}
      overflow="auto"
      maxH={{ base: '65dvh', md: 'min(60vh, 720px)' }}
      borderWidth="1px"
      borderColor="border"
      rounded="md"
      bg="bg"
      overscrollBehavior="contain"
      _focusVisible={{ outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' }}
      css={{
        '& table': { tableLayout: 'fixed', borderCollapse: 'separate', borderSpacing: 0, textStyle: 'sm' },
        '& thead th': {
          position: 'sticky',
          top: 0,
          zIndex: 2,
          height: `${HEADER_HEIGHT}px`,
          px: '2',
          bg: 'bg.muted',
          color: 'fg',
          fontWeight: 'semibold',
          textAlign: 'start',
          whiteSpace: 'nowrap',
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          borderBottomWidth: '1px',
          borderColor: 'border',
          fontSize: 'xs',
        },
        '& thead th[data-align=end]': { textAlign: 'end' },
        '& thead th:first-of-type': { left: 0, zIndex: 3, borderEndWidth: '1px' },
        '& .bulk-unit': { color: 'fg.muted', fontWeight: 'normal', ms: '1' },
        '& .bulk-required': { color: 'fg.error', ms: '0.5' },
        '& tbody td, & tbody th': { p: 0, borderBottomWidth: '1px', borderColor: 'border.muted', height: `${ROW_HEIGHT}px`, verticalAlign: 'top' },
        '& tbody tr[data-invalid] td, & tbody tr[data-invalid] th, & tbody tr[data-suggested] td, & tbody tr[data-suggested] th, & tbody tr[data-shipped] td, & tbody tr[data-shipped] th': {
          height: `${ERROR_ROW_HEIGHT}px`,
        },
        // A row left out is dimmed: it will not be bought unless "Buy another label" is ticked.
        '& tbody tr[data-left-out] td .bulk-value': { color: 'fg.muted', textDecoration: 'line-through' },
        '& tbody tr:hover td': { bg: 'bg.subtle' },
        containerType: 'inline-size',
        scrollPaddingInlineStart: `${ROW_COLUMN_WIDTH}px`,
        scrollPaddingBlockStart: `${HEADER_HEIGHT}px`,
        '& .bulk-rowhead': {
          position: 'sticky',
          overflow: 'visible',
          left: 0,
          zIndex: 1,
          bg: 'bg',
          borderEndWidth: '1px',
          borderStartWidth: '3px',
          borderStartColor: 'transparent',
          fontWeight: 'normal',
        },
        '& tr[data-invalid] .bulk-rowhead': { borderStartColor: 'border.error', bg: 'bg.error' },
        '& .bulk-rowhead-inner': { display: 'flex', alignItems: 'center', gap: '1', height: `${ROW_HEIGHT - 1}px`, ps: '1.5', pe: '1' },
        '& .bulk-rownum': { flex: '1', color: 'fg.muted', fontVariantNumeric: 'tabular-nums', fontSize: 'xs' },
        '& .bulk-rowflag': { display: 'inline-flex', alignItems: 'center', gap: '0.5', color: 'fg.error', fontSize: 'xs', fontWeight: 'semibold' },
        '& .bulk-delete': {
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          boxSize: '7',
          rounded: 'sm',
          color: 'fg.muted',
          cursor: 'pointer',
          _hover: { color: 'fg.error', bg: 'bg.error' },
          _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing' },
          _disabled: { opacity: 0.4, cursor: 'not-allowed' },
        },
        '& .bulk-cell': {
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          justifyContent: 'flex-start',
          width: '100%',
          height: '100%',
          px: '2',
          pt: '2',
          textAlign: 'start',
          cursor: 'text',
          _hover: { bg: 'bg.muted' },
          _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '-2px' },
          _disabled: { cursor: 'default' },
        },
        '& td[data-align=end] .bulk-cell': { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
        '& .bulk-value': { display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', lineHeight: '1.25rem' },
        '& .bulk-empty': { color: 'fg.subtle' },
        '& td[data-invalid]': { bg: 'bg.error', boxShadow: 'inset 0 0 0 1px var(--chakra-colors-border-error)' },
        '& .bulk-row-messages': {
          position: 'absolute',
          insetInlineStart: 0,
          top: `${ROW_HEIGHT - 4}px`,
          width: '100cqw',
          display: 'flex',
          gap: '3',
          px: '2',
          overflow: 'hidden',
          whiteSpace: 'nowrap',
          fontSize: 'xs',
          lineHeight: '1.25rem',
          color: 'fg.error',
          fontWeight: 'medium',
          maskImage: 'linear-gradient(to right, black calc(100% - 2rem), transparent)',
        },
        '& .bulk-row-suggestion': { color: 'fg.info' },
        '& .bulk-row-warning': { color: 'fg.warning' },
        '& .bulk-row-shipped': { color: 'status.stuck.fg', alignItems: 'center' },
        '& .bulk-buy-another': { display: 'inline-flex', alignItems: 'center', gap: '1', color: 'fg', cursor: 'pointer' },
        '& .bulk-buy-another input': { accentColor: 'var(--chakra-colors-color-palette-solid)' },
        '& .bulk-msg': { flexShrink: 0 },
        '& button.bulk-msg': {
          cursor: 'pointer',
          textDecoration: 'underline',
          textDecorationStyle: 'dotted',
          textUnderlineOffset: '2px',
          _hover: { textDecorationStyle: 'solid' },
          _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing' },
        },
        '& .bulk-editor': {
          width: '100%',
          height: `${ROW_HEIGHT - 1}px`,
          px: '2',
          bg: 'bg',
          color: 'fg',
          borderWidth: '2px',
          borderColor: 'colorPalette.solid',
          rounded: 'none',
          outline: 'none',
        },
        '& .bulk-visually-hidden': {
          position: 'absolute',
          width: '1px',
          height: '1px',
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
          whiteSpace: 'nowrap',
        },
      }}
    >
      <table aria-label="Bulk Order Items" aria-rowcount={rows.length + 1} style={{ width: `${TABLE_WIDTH}px` }}>
        <colgroup>
          <col style={{ width: `${ROW_COLUMN_WIDTH}px` }} />
          {BULK_COLUMNS.map((column) => (
            <col key={column.key} style={{ width: `${column.width}px` }} />
          ))}
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">Row</th>
            {BULK_COLUMNS.map((column) => (
              <th key={column.key} scope="col" data-align={column.align} title={`CSV column: ${column.key}`}>
                {column.header}
                {column.unit && <span className="bulk-unit">({column.unit})</span>}
                {column.required && (
                  <span className="bulk-required" aria-hidden="true">
                    *
                  </span>
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {top > 0 && (
            <tr aria-hidden="true">
              <td colSpan={BULK_COLUMNS.length + 1} style={{ height: `${top}px`, border: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <BulkTableRow
                key={row.id}
                row={row}
                index={item.index}
                editing={editing?.rowId === row.id ? editing.key : null}
                serviceNames={serviceNames}
                readOnly={readOnly}
                measure={virtualizer.measureElement}
                onEdit={onEdit}
                onEditDone={onEditDone}
                onDelete={onDelete}
                focusRef={focusRef}
                onShowCell={onShowCell}
                suggestion={suggestions?.get(row.id)}
                warnings={addressWarnings?.get(row.id)}
                onAcceptSuggestion={onAcceptSuggestion}
                shipped={shipped ? shippedMarkOf(shipped, row) : undefined}
                onBuyAnother={onBuyAnother}
              />
            );
          })}
          {bottom > 0 && (
            <tr aria-hidden="true">
              <td colSpan={BULK_COLUMNS.length + 1} style={{ height: `${bottom}px`, border: 0 }} />
            </tr>
          )}
        </tbody>
      </table>
    </Box>
  );
};
