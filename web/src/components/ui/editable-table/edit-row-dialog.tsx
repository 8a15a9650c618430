import { Box, Button, CloseButton, Dialog, Portal, SimpleGrid } from '@chakra-ui/react';
import type { KeyboardEvent, ReactElement, ReactNode } from 'react';
import type { EditableColumn } from './editable-columns';

interface EditRowDialogProps<R> {
  /** The row being edited on a phone; the dialog is closed without one. */
  row: R | null;
  columns: readonly EditableColumn<R>[];
  rowName: (row: R) => string;
  saving: boolean;
  /** The labelled editor of one cell. */
  editor: (column: EditableColumn<R>) => ReactNode;
  onKeyDown: ((event: KeyboardEvent<HTMLElement>) => void) | undefined;
  onSave: (row: R) => void;
  onCancel: () => void;
}

/** On a phone a row's cells do not fit side by side: the row being edited opens as this form instead. */
export const EditRowDialog = <R,>({ row, columns, rowName, saving, editor, onKeyDown, onSave, onCancel }: EditRowDialogProps<R>): ReactElement => (
  <Dialog.Root open={row !== null} onOpenChange={(details) => !details.open && !saving && onCancel()} placement="center" scrollBehavior="inside">
    <Portal>
      <Dialog.Backdrop />
      <Dialog.Positioner px="3">
        <Dialog.Content onKeyDown={onKeyDown}>
          <Dialog.Header>
            <Dialog.Title>Edit {row ? rowName(row) : ''}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
              {columns.map((column) => (
                <Box key={column.key}>{editor(column)}</Box>
              ))}
            </SimpleGrid>
          </Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" colorPalette="gray" onClick={onCancel} disabled={saving}>
              Cancel
            </Button>
            <Button onClick={() => row && onSave(row)} loading={saving}>
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
);
