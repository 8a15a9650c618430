import { Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import type { FormEventHandler, ReactElement, ReactNode } from 'react';
import { FormAlert } from './form-alert';

interface FormDialogProps {
  title: string;
  open: boolean;
  /** Asked to close (Cancel, the close button, Escape, a click outside); the dialog stays put while submitting. */
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  submitLabel: string;
  /** The submit button's text while the request runs. */
  submittingLabel: string;
  /** The server's answer to the last attempt, above the fields. */
  error: string | null;
  /** Ties the footer's submit button to the form in the body. */
  formId: string;
  size?: 'sm' | 'md' | 'lg';
  children: ReactNode;
}

/** A modal form: title, the fields with the server's error above them, Cancel and the submit button. */
export const FormDialog = ({ title, open, onClose, onSubmit, submitting, submitLabel, submittingLabel, error, formId, size = 'md', children }: FormDialogProps): ReactElement => (
  <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} size={size} placement="center" scrollBehavior="inside">
    <Portal>
      <Dialog.Backdrop />
      <Dialog.Positioner px="3">
        <Dialog.Content>
          <Dialog.Header>
            <Dialog.Title>{title}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body>
            <form id={formId} onSubmit={onSubmit} noValidate>
              <Stack gap="4">
                <FormAlert message={error} />
                {children}
              </Stack>
            </form>
          </Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" colorPalette="gray" onClick={onClose} disabled={submitting}>
              Cancel
            </Button>
            <Button type="submit" form={formId} loading={submitting} loadingText={submittingLabel}>
              {submitLabel}
            </Button>
          </Dialog.Footer>
          <Dialog.CloseTrigger asChild>
            <CloseButton size="sm" colorPalette="gray" aria-label="Close" disabled={submitting} />
          </Dialog.CloseTrigger>
        </Dialog.Content>
      </Dialog.Positioner>
    </Portal>
  </Dialog.Root>
);
