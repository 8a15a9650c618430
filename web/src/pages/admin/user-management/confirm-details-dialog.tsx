import { Text } from '@chakra-ui/react';
import type { PublicUser } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatCents } from '../../../libs/format';
import type { UserDetailsBody } from '../../../services/users/update-user-details';

export interface PendingDetails {
  user: PublicUser;
  body: UserDetailsBody;
  idempotencyKey: string;
}

interface ConfirmDetailsDialogProps {
  pending: PendingDetails | null;
  saving: boolean;
  onAccept: () => void;
  onCancel: () => void;
}

/** Spec section 2: 'Confirm User Details Update', asking about the new balance and, if given, the new code. */
export const ConfirmDetailsDialog = ({ pending, saving, onAccept, onCancel }: ConfirmDetailsDialogProps): ReactElement => (
  <ConfirmDialog
    open={pending !== null}
    title="Confirm User Details Update"
    confirmLabel="Accept"
    loading={saving}
    onConfirm={onAccept}
    onCancel={onCancel}
  >
    {pending && (
      <Text>
        Are you sure you want to update the balance of{' '}
        <Text as="strong" color="fg">
          {pending.user.name}
        </Text>{' '}
        to{' '}
        <Text as="strong" color="fg" fontVariantNumeric="tabular-nums">
          {formatCents(pending.body.balance)}
        </Text>
        {pending.body.referralCode ? (
          <>
            {' '}
            and the referral code to{' '}
            <Text as="strong" color="fg" fontFamily="mono">
              {pending.body.referralCode}
            </Text>
          </>
        ) : null}
        ? The change is recorded in the ledger as an adjustment.
      </Text>
    )}
  </ConfirmDialog>
);
