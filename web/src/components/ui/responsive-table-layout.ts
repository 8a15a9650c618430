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

/**
 * Gives each body and footer cell its column's name (`data-label`), which card mode shows in front of the value. A cell
 * spanning several columns (a totals label) gets no name: no single column header describes it.
 */
export const labelCellsByHeader = (table: HTMLTableElement): void => {
  const headerRows = table.tHead?.rows;
  const headerRow = headerRows?.[headerRows.length - 1];
  if (!headerRow) return;
  const names: string[] = [];
  for (const header of Array.from(headerRow.cells)) {
    const name = (header.textContent ?? '').replace(/\s+/g, ' ').trim();
    for (let span = 0; span < header.colSpan; span += 1) names.push(header.colSpan > 1 ? '' : name);
  }
  const rows = [...Array.from(table.tBodies).flatMap((body) => Array.from(body.rows)), ...Array.from(table.tFoot?.rows ?? [])];
  for (const row of rows) {
    let column = 0;
    for (const cell of Array.from(row.cells)) {
      const name = cell.colSpan > 1 ? '' : (names[column] ?? '');
      if (cell.getAttribute('data-label') !== name) cell.setAttribute('data-label', name);
      column += cell.colSpan;
    }
  }
};
