/** How a responsive table is laid out: as a table, or as cards because the table needed `tableWidth` px. */
export type LayoutMode = { kind: 'table' } | { kind: 'cards'; tableWidth: number };

export interface Room {
  /** The frame's inner width. */
  available: number;
  /** The table's full width as now laid out (meaningful in table mode only). */
  needed: number;
}

/**
 * Cards when the table does not fit, back to a table once the frame is as wide as the table needed. The width is
 * remembered from table mode because in card mode the table is as wide as its frame: switching back on "it would fit
 * now" measured in card mode would flip the layout on every resize. Answers the same object when nothing changes.
 */
export const nextLayoutMode = (current: LayoutMode, room: Room): LayoutMode => {
  if (current.kind === 'table') return room.needed > room.available + 1 ? { kind: 'cards', tableWidth: room.needed } : current;
  return room.available >= current.tableWidth ? { kind: 'table' } : current;
};

export interface HeaderCell {
  name: string;
  span: number;
}

/**
 * The name card mode shows in front of each cell of a row, from the header row and the row's cells' spans. A cell
 * spanning several columns (a totals label), or under a header spanning several, gets no name: no single column
 * header describes it.
 */
export const cellNames = (headers: readonly HeaderCell[], spans: readonly number[]): string[] => {
  const columns = headers.flatMap((header) => Array.from({ length: header.span }, () => (header.span > 1 ? '' : header.name)));
  let column = 0;
  return spans.map((span) => {
    const name = span > 1 ? '' : (columns[column] ?? '');
    column += span;
    return name;
  });
};

/** Writes each body and footer cell's column name into its `data-label`, which card mode shows before the value. */
export const labelCellsByHeader = (table: HTMLTableElement): void => {
  const headerRows = table.tHead?.rows;
  const headerRow = headerRows?.[headerRows.length - 1];
  if (!headerRow) return;
  const headers = Array.from(headerRow.cells).map((cell) => ({ name: (cell.textContent ?? '').replace(/\s+/g, ' ').trim(), span: cell.colSpan }));
  const rows = [...Array.from(table.tBodies).flatMap((body) => Array.from(body.rows)), ...Array.from(table.tFoot?.rows ?? [])];
  for (const row of rows) {
    const cells = Array.from(row.cells);
    const names = cellNames(
      headers,
      cells.map((cell) => cell.colSpan),
    );
    cells.forEach((cell, index) => {
      const name = names[index] ?? '';
      if (cell.getAttribute('data-label') !== name) cell.setAttribute('data-label', name);
    });
  }
};
