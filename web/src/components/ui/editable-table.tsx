import { Box, Button, CloseButton, Dialog, Field, HStack, IconButton, Input, NativeSelect, Portal, SimpleGrid, Text, useBreakpointValue } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import type { KeyboardEvent, ReactElement, ReactNode } from 'react';
import type { z } from 'zod';
import { usePagedRows } from '../../hooks/use-paged-rows';
import { errorMessage } from '../../libs/http-client';
import { ConfirmDialog } from './confirm-dialog';
import { CheckIcon, CloseIcon, EditIcon, TrashIcon } from './icons';
import { Pagination } from './pagination';
import { UsStateOptions } from './select-field';
import { notify } from './toaster';
import { Table } from './responsive-table';

export interface EditableColumn<R> {
  /** The field in the row's edit values and in the schema. */
  key: string;
  header: string;
  /** `fixed` cells are shown but never edited (e.g. a country that can only be US). */
  kind?: 'text' | 'number' | 'state' | 'fixed';
  step?: string;
  min?: number;
  align?: 'start' | 'end';
  minW?: string;
  /** How the cell reads when the row is not being edited; the edit value by default. */
  render?: (row: R) => ReactNode;
}

/** Spec section 8, "Table": the generic texts; a screen may name its own (e.g. 'Address updated successfully!'). */
export interface EditableTableMessages {
  updated: string;
  updateFailed: string;
  deleted: string;
  deleteFailed: string;
}

const defaultMessages: EditableTableMessages = {
  updated: 'Row updated successfully!',
  updateFailed: 'Failed to update the row.',
  deleted: 'Row deleted successfully!',
  deleteFailed: 'Failed to delete the row.',
};

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

interface Draft {
  id: string;
  values: Record<string, string>;
  touched: Record<string, boolean>;
  submitted: boolean;
}

/**
 * A table whose rows are edited in place (Edit, then Save or Cancel) and deleted after a confirmation.
 * One row is edited at a time; its cells are checked as they are typed with the screen's contract schema.
 */
export const EditableTable = <R extends { _id: string }, Out>({
  label,
  itemLabel,
  rows,
  columns,
  pageSize,
  schema,
  toValues,
  rowName,
  onSave,
  onDelete,
  messages,
  toastDurationMs,
}: EditableTableProps<R, Out>): ReactElement => {
  const text = { ...defaultMessages, ...messages };
  const toastOptions = toastDurationMs ? { durationMs: toastDurationMs } : {};
  const paged = usePagedRows(rows, pageSize);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const [toDelete, setToDelete] = useState<R | null>(null);
  const [deleting, setDeleting] = useState(false);

  const result = useMemo(() => (draft ? schema.safeParse(draft.values) : null), [draft, schema]);

  const cellError = (key: string): string | undefined => {
    if (!draft || !result || result.success) return undefined;
    if (!draft.submitted && !draft.touched[key]) return undefined;
    return result.error.issues.find((issue) => issue.path[0] === key)?.message;
  };

  const startEdit = (row: R) => setDraft({ id: row._id, values: toValues(row), touched: {}, submitted: false });
  const cancelEdit = () => setDraft(null);
  const change = (key: string, value: string) =>
    setDraft((current) => (current ? { ...current, values: { ...current.values, [key]: value }, touched: { ...current.touched, [key]: true } } : current));

  const save = async (row: R) => {
    if (!draft || saving) return;
    const parsed = schema.safeParse(draft.values);
    if (!parsed.success) {
      setDraft({ ...draft, submitted: true });
      return;
    }
    setSaving(true);
    try {
      await onSave(row, parsed.data);
      notify.success(text.updated, toastOptions);
      setDraft(null);
    } catch (error) {
      notify.error(errorMessage(error, text.updateFailed), toastOptions);
    } finally {
      setSaving(false);
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    setDeleting(true);
    try {
      await onDelete(toDelete);
      notify.success(text.deleted, toastOptions);
      if (draft?.id === toDelete._id) setDraft(null);
      setToDelete(null);
    } catch (error) {
      notify.error(errorMessage(error, text.deleteFailed), toastOptions);
    } finally {
      setDeleting(false);
    }
  };

  const onRowKeyDown = (row: R) => (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') cancelEdit();
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
      event.preventDefault();
      void save(row);
    }
  };

  const editor = (column: EditableColumn<R>, labelled = false): ReactNode => {
    if (!draft) return null;
    const value = draft.values[column.key] ?? '';
    const error = cellError(column.key);
    const label = labelled && <Field.Label textStyle="xs">{column.header}</Field.Label>;
    if (column.kind === 'fixed') {
      return (
        <Field.Root>
          {label}
          <Text lineHeight="8">{value}</Text>
        </Field.Root>
      );
    }
    return (
      <Field.Root invalid={error !== undefined} minW={labelled ? undefined : (column.minW ?? '24')}>
        {label}
        {column.kind === 'state' ? (
          <NativeSelect.Root size="xs">
            <NativeSelect.Field aria-label={column.header} value={value} onChange={(event) => change(column.key, event.target.value)}>
              <UsStateOptions short />
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        ) : (
          <Input
            size="xs"
            aria-label={column.header}
            value={value}
            type={column.kind === 'number' ? 'number' : 'text'}
            inputMode={column.kind === 'number' ? 'decimal' : undefined}
            step={column.step}
            min={column.min}
            textAlign={column.align === 'end' ? 'end' : undefined}
            onChange={(event) => change(column.key, event.target.value)}
          />
        )}
        {error && <Field.ErrorText textStyle="xs">{error}</Field.ErrorText>}
      </Field.Root>
    );
  };

  // On a phone a row's cells do not fit side by side: the row being edited opens as a form instead of running off the screen.
  const stacked = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false;
  const editedRow = stacked && draft ? (paged.pageRows.find((row) => row._id === draft.id) ?? null) : null;

  return (
    <>
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" stickyHeader aria-label={label}>
          <Table.Header>
            <Table.Row bg="bg.subtle">
              {columns.map((column) => (
                <Table.ColumnHeader key={column.key} textAlign={column.align === 'end' ? 'end' : 'start'} whiteSpace="nowrap">
                  {column.header}
                </Table.ColumnHeader>
              ))}
              <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {paged.pageRows.map((row) => {
              const editing = !stacked && draft?.id === row._id;
              const name = rowName(row);
              const values = editing ? null : toValues(row);
              return (
                <Table.Row key={row._id} data-editing={editing || undefined} bg={editing ? 'brand.subtle' : undefined} onKeyDown={editing ? onRowKeyDown(row) : undefined}>
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
                    <HStack gap="1" justify="flex-end">
                      {editing ? (
                        <>
                          <IconButton aria-label={`Save ${name}`} title="Save" size="xs" colorPalette="brand" onClick={() => void save(row)} loading={saving}>
                            <CheckIcon />
                          </IconButton>
                          <IconButton aria-label={`Cancel editing ${name}`} title="Cancel" size="xs" variant="outline" colorPalette="gray" onClick={cancelEdit} disabled={saving}>
                            <CloseIcon />
                          </IconButton>
                        </>
                      ) : (
                        <>
                          <IconButton aria-label={`Edit ${name}`} title="Edit" size="xs" variant="ghost" colorPalette="gray" onClick={() => startEdit(row)} disabled={draft !== null}>
                            <EditIcon />
                          </IconButton>
                          <IconButton aria-label={`Delete ${name}`} title="Delete" size="xs" variant="ghost" colorPalette="red" onClick={() => setToDelete(row)} disabled={draft !== null}>
                            <TrashIcon />
                          </IconButton>
                        </>
                      )}
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              );
            })}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <Dialog.Root open={editedRow !== null} onOpenChange={(details) => !details.open && !saving && cancelEdit()} placement="center" scrollBehavior="inside">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="3">
            <Dialog.Content onKeyDown={editedRow ? onRowKeyDown(editedRow) : undefined}>
              <Dialog.Header>
                <Dialog.Title>Edit {editedRow ? rowName(editedRow) : ''}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
                  {columns.map((column) => (
                    <Box key={column.key}>{editor(column, true)}</Box>
                  ))}
                </SimpleGrid>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" colorPalette="gray" onClick={cancelEdit} disabled={saving}>
                  Cancel
                </Button>
                <Button onClick={() => editedRow && void save(editedRow)} loading={saving}>
                  Save
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label="Close" disabled={saving} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      <Pagination
        page={paged.page}
        pageCount={paged.pageCount}
        pageSize={paged.pageSize}
        total={paged.total}
        itemLabel={itemLabel}
        onPageChange={(page) => {
          setDraft(null);
          paged.setPage(page);
        }}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Are you sure you want to delete this item?"
        confirmLabel="Delete"
        tone="danger"
        loading={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setToDelete(null)}
      >
        {toDelete ? `${rowName(toDelete)} will be removed. This cannot be undone.` : null}
      </ConfirmDialog>
    </>
  );
};
