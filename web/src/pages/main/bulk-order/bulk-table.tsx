import { Box } from '@chakra-ui/react';
import type { BulkTemplateColumn, ShippedOrder } from '@labeldesk/contracts';
import type { ReactElement, Ref } from 'react';
import type { BulkRow } from './bulk-rows';
import type { RowRateChoice } from './bulk-rate-preview';
import type { RowSuggestion } from './bulk-address-suggestions';
import type { ZipFix } from './bulk-zip-fixes';
import { BulkSpacerRow, BulkTableHead } from './bulk-table-head';
import { BULK_TABLE_CSS, TABLE_WIDTH } from './bulk-table-layout';
import { BulkTableRow } from './bulk-table-row';
import { useBulkCellEditing } from './use-bulk-cell-editing';
import { useBulkTableWindow } from './use-bulk-table-window';
import type { BulkTableHandle } from './use-bulk-table-window';
import { shippedMarkOf } from './use-shipped-orders';

export type { BulkTableHandle } from './use-bulk-table-window';

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
  /** The ZIPs that lost their leading zeros, put right, by row id; each row's fixed with one click. */
  zipFixes?: ReadonlyMap<number, ZipFix>;
  onFixZips?: (rowId: number) => void;
  /** Issue 47: the loaded file's orders that already have a label, by order ID. */
  shipped?: ReadonlyMap<string, ShippedOrder>;
  onBuyAnother?: (rowId: number, buyAnother: boolean) => void;
  /** What each row under a rate rule will be bought as (service and price), or why none, by row id. */
  rateChoices?: ReadonlyMap<number, RowRateChoice>;
}

/**
 * 'Bulk Order Items': every uploaded row, windowed (only the rows in view are in the page), with a sticky
 * header and row column. A cell is edited where it is: click it (or Enter on it), type, Enter or leave to keep.
 */
export const BulkTable = ({ rows, serviceNames, onCommit, onDelete, readOnly, handle, suggestions, addressWarnings, onAcceptSuggestion, zipFixes, onFixZips, shipped, onBuyAnother, rateChoices }: BulkTableProps): ReactElement => {
  const { scrollRef, measure, items, top, bottom, showCell } = useBulkTableWindow({ rows, handle, suggestions, addressWarnings, shipped, rated: rateChoices });
  const { editing, onEdit, onEditDone, focusRef } = useBulkCellEditing(onCommit);

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
      css={BULK_TABLE_CSS}
    >
      <table aria-label="Bulk Order Items" aria-rowcount={rows.length + 1} style={{ width: `${TABLE_WIDTH}px` }}>
        <BulkTableHead />
        <tbody>
          <BulkSpacerRow height={top} />
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
                measure={measure}
                onEdit={onEdit}
                onEditDone={onEditDone}
                onDelete={onDelete}
                focusRef={focusRef}
                onShowCell={showCell}
                suggestion={suggestions?.get(row.id)}
                warnings={addressWarnings?.get(row.id)}
                onAcceptSuggestion={onAcceptSuggestion}
                zipFix={zipFixes?.get(row.id)}
                onFixZips={onFixZips}
                shipped={shipped ? shippedMarkOf(shipped, row) : undefined}
                onBuyAnother={onBuyAnother}
                rateChoice={rateChoices?.get(row.id)}
              />
            );
          })}
          <BulkSpacerRow height={bottom} />
        </tbody>
      </table>
    </Box>
  );
};
