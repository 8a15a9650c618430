import { Text } from '@chakra-ui/react';
import type { PublicUser } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useLastShown } from '../../../hooks/use-last-shown';

interface ConfirmTwoFactorResetDialogProps {
  user: PublicUser | null;
  resetting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** A reset takes a second factor away: the admin is asked to have checked who asked for it. */
export const ConfirmTwoFactorResetDialog = ({ user, resetting, onConfirm, onCancel }: ConfirmTwoFactorResetDialogProps): ReactElement => {
  // The name stays on screen while the dialog fades out after an answer.
  const shown = useLastShown(user);
  return (
    <ConfirmDialog open={user !== null} title="Reset two-factor sign-in" confirmLabel="Reset" tone="danger" loading={resetting} onConfirm={onConfirm} onCancel={onCancel}>
      <Text>Reset only for the account's owner, after you have checked that the request came from them.</Text>
      {shown && (
        <Text mt="2" textStyle="sm">
          <Text as="strong" color="fg">
            {shown.name}
          </Text>{' '}
          ({shown.email}) will sign in with their password alone until they turn two-factor sign-in on again. Their authenticator app and recovery
          codes stop working.
        </Text>
      )}
    </ConfirmDialog>
  );
};
