import { Text } from '@chakra-ui/react';
import type { Activation, PublicUser, UserRole } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useLastShown } from '../../../hooks/use-last-shown';

export const roleLabel: Record<UserRole, string> = { user: 'User', friend: 'Friend', admin: 'Admin' };

/** A role or access change waiting for the admin's yes: both end the user's sessions, so neither is sent on a slip. */
export type PendingChange = { kind: 'role'; user: PublicUser; role: UserRole } | { kind: 'access'; user: PublicUser; activation: Activation };

interface ConfirmChangeDialogProps {
  pending: PendingChange | null;
  saving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

const Name = ({ user }: { user: PublicUser }): ReactElement => (
  <Text as="strong" color="fg">
    {user.name}
  </Text>
);

const describe = (pending: PendingChange): { title: string; confirmLabel: string; body: ReactElement; danger: boolean } => {
  if (pending.kind === 'role') {
    return {
      title: 'Confirm Role Change',
      confirmLabel: 'Change role',
      danger: false,
      body: (
        <Text>
          Change the role of <Name user={pending.user} /> from {roleLabel[pending.user.user_role]} to {roleLabel[pending.role]}? They are signed out
          and sign in again with the new role.
        </Text>
      ),
    };
  }
  if (pending.activation === 'block') {
    return {
      title: 'Confirm Access Change',
      confirmLabel: 'Block',
      danger: true,
      body: (
        <Text>
          Block <Name user={pending.user} />? They are signed out at once and cannot sign in until access is allowed again.
        </Text>
      ),
    };
  }
  return {
    title: 'Confirm Access Change',
    confirmLabel: 'Allow',
    danger: false,
    body: (
      <Text>
        Allow <Name user={pending.user} /> to sign in again?
      </Text>
    ),
  };
};

export const ConfirmChangeDialog = ({ pending, saving, onConfirm, onCancel }: ConfirmChangeDialogProps): ReactElement => {
  // The last question stays on screen while the dialog fades out after an answer.
  const shown = useLastShown(pending);
  const text = shown ? describe(shown) : null;
  return (
    <ConfirmDialog
      open={pending !== null}
      title={text?.title ?? ''}
      confirmLabel={text?.confirmLabel ?? 'Confirm'}
      tone={text?.danger ? 'danger' : 'brand'}
      loading={saving}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {text?.body}
    </ConfirmDialog>
  );
};
