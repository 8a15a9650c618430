import type { ReactElement } from 'react';
import { BULK_COLUMNS } from './bulk-columns';
import { ROW_COLUMN_WIDTH } from './bulk-table-layout';

/** The sheet's column widths and its sticky header row: 'Row', then every template column with unit and '*'. */
export const BulkTableHead = (): ReactElement => (
  <>
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
  </>
);

/** An empty row standing in for the rows scrolled out of view above or below, so the scrollbar stays true. */
export const BulkSpacerRow = ({ height }: { height: number }): ReactElement | null =>
  height > 0 ? (
    <tr aria-hidden="true">
      <td colSpan={BULK_COLUMNS.length + 1} style={{ height: `${height}px`, border: 0 }} />
    </tr>
  ) : null;
