import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red for what cannot be undone (deleting), the brand colour otherwise. */
  tone?: 'danger' | 'brand';
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A yes/no question about one action; it cannot be dismissed while the action runs. */
export const ConfirmDialog = ({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'brand',
  loading = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps): ReactElement => (
  <Dialog.Root
    role="alertdialog"
    open={open}
    placement="center"
    onOpenChange={(details) => {
      if (!details.open && !loading) onCancel();
    }}
    closeOnInteractOutside={!loading}
    closeOnEscape={!loading}
  >
    <Portal>
      <Dialog.Backdrop />
      <Dialog.Positioner px="4">
        <Dialog.Content>
          <Dialog.Header>
            <Dialog.Title>{title}</Dialog.Title>
          </Dialog.Header>
          <Dialog.Body color="fg.muted">{children}</Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" colorPalette="gray" onClick={onCancel} disabled={loading}>
              {cancelLabel}
            </Button>
            <Button colorPalette={tone === 'danger' ? 'red' : 'brand'} onClick={onConfirm} loading={loading}>
              {confirmLabel}
            </Button>
          </Dialog.Footer>
          <Dialog.CloseTrigger asChild disabled={loading}>
            <CloseButton size="sm" colorPalette="gray" aria-label="Close" />
          </Dialog.CloseTrigger>
        </Dialog.Content>
      </Dialog.Positioner>
    </Portal>
  </Dialog.Root>
);
