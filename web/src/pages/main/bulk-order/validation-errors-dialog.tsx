import { Box, Button, CloseButton, Dialog, List, Portal, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { rowMessages, submitErrorsMessage } from './bulk-rows';
import type { RowErrors } from './bulk-rows';

/** Listing every row of a 10,000-row file would freeze the dialog; the rest are counted. */
const LISTED_ROWS = 200;

export interface InvalidRow {
  /** 0-based position in the table. */
  index: number;
  errors: RowErrors;
}

export interface ValidationErrorsDialogProps {
  invalid: readonly InvalidRow[] | null;
  onClose: () => void;
  /** Scrolls the table to a row and closes the dialog. */
  onShowRow: (index: number) => void;
}

/** Spec 5: on submit with bad rows, 'Validation Errors' with '{n} row has/rows have validation errors', per row. Nothing is sent. */
export const ValidationErrorsDialog = ({ invalid, onClose, onShowRow }: ValidationErrorsDialogProps): ReactElement => {
  const listed = invalid?.slice(0, LISTED_ROWS) ?? [];
  const more = (invalid?.length ?? 0) - listed.length;
  return (
    <Dialog.Root
      open={invalid !== null}
      onOpenChange={(details) => !details.open && onClose()}
      placement="center"
      scrollBehavior="inside"
      size="lg"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content data-testid="bulk-validation-errors">
            <Dialog.Header>
              <Dialog.Title>Validation Errors</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text fontWeight="semibold" color="fg.error" mb="1">
                {submitErrorsMessage(invalid?.length ?? 0)}
              </Text>
              <Text textStyle="sm" color="fg.muted" mb="4">
                Nothing was sent. Fix the cells marked in red, or delete the rows, then submit again.
              </Text>
              <List.Root as="ol" gap="2" listStyleType="none" ps="0">
                {listed.map(({ index, errors }) => (
                  <List.Item key={index} borderWidth="1px" borderColor="border.error" rounded="md" px="3" py="2" bg="bg.error" data-testid="bulk-validation-error-row">
                    <Box display="flex" alignItems="baseline" justifyContent="space-between" gap="3">
                      <Text fontWeight="semibold" textStyle="sm">
                        Row {index + 1}
                      </Text>
                      <Button size="2xs" variant="ghost" colorPalette="gray" onClick={() => onShowRow(index)}>
                        Show in table
                      </Button>
                    </Box>
                    <List.Root ps="4" textStyle="sm" color="fg.error">
                      {rowMessages(errors).map((message) => (
                        <List.Item key={message}>{message}</List.Item>
                      ))}
                    </List.Root>
                  </List.Item>
                ))}
              </List.Root>
              {more > 0 && (
                <Text textStyle="sm" color="fg.muted" mt="3">
                  …and {more.toLocaleString('en-US')} more rows with errors.
                </Text>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={onClose}>Fix the rows</Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" colorPalette="gray" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
