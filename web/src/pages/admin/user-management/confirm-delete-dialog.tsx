import { Text } from '@chakra-ui/react';
import type { PublicUser } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useLastShown } from '../../../hooks/use-last-shown';

interface ConfirmDeleteDialogProps {
  user: PublicUser | null;
  deleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Spec 2: 'Confirm Delete User' with the spec's sentence; the user's name says which row is meant. */
export const ConfirmDeleteDialog = ({ user, deleting, onConfirm, onCancel }: ConfirmDeleteDialogProps): ReactElement => {
  // The name stays on screen while the dialog fades out after an answer.
  const shown = useLastShown(user);
  return (
    <ConfirmDialog open={user !== null} title="Confirm Delete User" confirmLabel="Delete" tone="danger" loading={deleting} onConfirm={onConfirm} onCancel={onCancel}>
      <Text>Are you sure you want to delete this user? This action cannot be undone.</Text>
      {shown && (
        <Text mt="2" textStyle="sm">
          <Text as="strong" color="fg">
            {shown.name}
          </Text>{' '}
          ({shown.email}) is signed out at once and can no longer sign in. Their orders, labels and ledger stay on record.
        </Text>
      )}
    </ConfirmDialog>
  );
};
