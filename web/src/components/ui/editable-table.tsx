import { useBreakpointValue } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';
import type { z } from 'zod';
import { usePagedRows } from '../../hooks/use-paged-rows';
import { CellEditor } from './editable-table/cell-editor';
import { DeleteRowConfirm } from './editable-table/delete-row-confirm';
import { defaultMessages } from './editable-table/editable-columns';
import type { EditableColumn, EditableTableMessages } from './editable-table/editable-columns';
import { EditRowDialog } from './editable-table/edit-row-dialog';
import { EditableHeaderRow, EditableRow } from './editable-table/editable-row';
import { RowActions } from './editable-table/row-actions';
import { useRowDeletion } from './editable-table/use-row-deletion';
import { useRowEditing } from './editable-table/use-row-editing';
import { Pagination } from './pagination';
import { Table } from './responsive-table';

export type { EditableColumn, EditableTableMessages } from './editable-table/editable-columns';

interface EditableTableProps<R extends { _id: string }, Out> {
  /** The table's accessible name. */
  label: string;
  /** What a row is, for the pager: 'addresses', 'SKUs'. */
  itemLabel: string;
  rows: readonly R[];
  columns: readonly EditableColumn<R>[];
  pageSize: number;
  /** The same contract schema the server checks a row with. */
  schema: z.ZodType<Out>;
  toValues: (row: R) => Record<string, string>;
  /** Names a row for screen readers and the delete question: 'HQ', 'SKU-1'. */
  rowName: (row: R) => string;
  onSave: (row: R, data: Out) => Promise<unknown>;
  onDelete: (row: R) => Promise<unknown>;
  messages?: Partial<EditableTableMessages>;
  toastDurationMs?: number;
}

/**
 * A table whose rows are edited in place (Edit, then Save or Cancel) and deleted after a confirmation.
 * One row is edited at a time; its cells are checked as they are typed with the screen's contract schema.
 */
export const EditableTable = <R extends { _id: string }, Out>(props: EditableTableProps<R, Out>): ReactElement => {
  const { label, itemLabel, rows, columns, pageSize, schema, toValues, rowName, onSave, onDelete, messages, toastDurationMs } = props;
  const toasts = { text: { ...defaultMessages, ...messages }, options: toastDurationMs ? { durationMs: toastDurationMs } : {} };
  const paged = usePagedRows(rows, pageSize);
  const edit = useRowEditing({ schema, toValues, onSave, toasts });
  const { draft, saving } = edit;
  const deletion = useRowDeletion(onDelete, toasts, (row) => {
    if (draft?.id === row._id) edit.cancelEdit();
  });

  const editor = (column: EditableColumn<R>, labelled = false): ReactNode =>
    draft ? <CellEditor column={column} value={draft.values[column.key] ?? ''} error={edit.cellError(column.key)} labelled={labelled} onChange={edit.change} /> : null;

  // On a phone a row's cells do not fit side by side: the row being edited opens as a form instead of running off the screen.
  const stacked = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const editedRow = stacked && draft ? (paged.pageRows.find((row) => row._id === draft.id) ?? null) : null;

  return (
    <>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" stickyHeader aria-label={label}>
          <Table.Header>
            <EditableHeaderRow columns={columns} />
          </Table.Header>
          <Table.Body>
            {paged.pageRows.map((row) => {
              const editing = !stacked && draft?.id === row._id;
              return (
                <EditableRow
                  key={row._id}
                  row={row}
                  columns={columns}
                  editing={editing}
                  toValues={toValues}
                  editor={editor}
                  onKeyDown={edit.onRowKeyDown(row)}
                  actions={
                    <RowActions
                      name={rowName(row)}
                      editing={editing}
                      saving={saving}
                      locked={draft !== null}
                      onSave={() => void edit.save(row)}
                      onCancel={edit.cancelEdit}
                      onEdit={() => edit.startEdit(row)}
                      onDelete={() => deletion.ask(row)}
                    />
                  }
                />
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <EditRowDialog
        row={editedRow}
        columns={columns}
        rowName={rowName}
        saving={saving}
        editor={(column) => editor(column, true)}
        onKeyDown={editedRow ? edit.onRowKeyDown(editedRow) : undefined}
        onSave={(row) => void edit.save(row)}
        onCancel={edit.cancelEdit}
      />
      <Pagination
        page={paged.page}
        pageCount={paged.pageCount}
        pageSize={paged.pageSize}
        total={paged.total}
        itemLabel={itemLabel}
        onPageChange={(page) => {
          edit.cancelEdit();
          paged.setPage(page);
        }}
      />
      <DeleteRowConfirm row={deletion.toDelete} rowName={rowName} deleting={deletion.deleting} onConfirm={() => void deletion.confirmDelete()} onCancel={deletion.cancel} />
    </>
  );
};
