import { Box } from '@chakra-ui/react';
import type { KeyboardEvent, ReactElement, ReactNode } from 'react';
import { Table } from '../responsive-table';
import type { EditableColumn } from './editable-columns';

/** The header row: every column's header, then Actions. */
export const EditableHeaderRow = <R,>({ columns }: { columns: readonly EditableColumn<R>[] }): ReactElement => (
  <Table.Row bg="bg.subtle">
    {columns.map((column) => (
      <Table.ColumnHeader key={column.key} textAlign={column.align === 'end' ? 'end' : 'start'} whiteSpace="nowrap">
        {column.header}
      </Table.ColumnHeader>
    ))}
    <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
  </Table.Row>
);

interface EditableRowProps<R> {
  row: R;
  columns: readonly EditableColumn<R>[];
  /** Edited in place: its cells are editors, highlighted, and Enter/Escape save or cancel. */
  editing: boolean;
  toValues: (row: R) => Record<string, string>;
  editor: (column: EditableColumn<R>) => ReactNode;
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  /** The Actions cell's buttons. */
  actions: ReactNode;
}

/** One row: its values as the columns render them ('—' when empty), or its editors while it is edited. */
export const EditableRow = <R,>({ row, columns, editing, toValues, editor, onKeyDown, actions }: EditableRowProps<R>): ReactElement => {
  const values = editing ? null : toValues(row);
  return (
    <Table.Row data-editing={editing || undefined} bg={editing ? 'brand.subtle' : undefined} onKeyDown={editing ? onKeyDown : undefined}>
      {columns.map((column) => (
        <Table.Cell
          key={column.key}
          textAlign={column.align === 'end' ? 'end' : 'start'}
          verticalAlign={editing ? 'top' : 'middle'}
          whiteSpace={editing ? undefined : 'nowrap'}
          fontVariantNumeric={column.kind === 'number' ? 'tabular-nums' : undefined}
        >
          {editing ? editor(column) : (column.render?.(row) ?? (values?.[column.key] || <Box as="span" color="fg.subtle">—</Box>))}
        </Table.Cell>
      ))}
      <Table.Cell textAlign="end" verticalAlign={editing ? 'top' : 'middle'}>
        {actions}
      </Table.Cell>
    </Table.Row>
  );
};
