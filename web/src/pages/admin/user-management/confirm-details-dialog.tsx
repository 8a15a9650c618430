import { Text } from '@chakra-ui/react';
import type { PublicUser, UserDetailsBody } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { formatCents } from '../../../libs/format';

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

const Strong = ({ children, mono = false }: { children: string; mono?: boolean }): ReactElement => (
  <Text as="strong" color="fg" fontVariantNumeric="tabular-nums" fontFamily={mono ? 'mono' : undefined}>
    {children}
  </Text>
);

/** Spec section 2: 'Confirm User Details Update', asking about the new balance and, if given, the new code. */
export const ConfirmDetailsDialog = ({ pending, saving, onAccept, onCancel }: ConfirmDetailsDialogProps): ReactElement => (
  <ConfirmDialog open={pending !== null} title="Confirm User Details Update" confirmLabel="Accept" loading={saving} onConfirm={onAccept} onCancel={onCancel}>
    {pending && (
      <Text>
        Are you sure you want to update{' '}
        {pending.body.balance !== undefined ? (
          <>
            the balance of <Strong>{pending.user.name}</Strong> to <Strong>{formatCents(pending.body.balance)}</Strong>
            {pending.body.referralCode ? (
              <>
                {' '}
                and the referral code to <Strong mono>{pending.body.referralCode}</Strong>
              </>
            ) : null}
            ? The change is recorded in the ledger as an adjustment.
          </>
        ) : (
          <>
            the referral code of <Strong>{pending.user.name}</Strong> to <Strong mono>{pending.body.referralCode ?? ''}</Strong>?
          </>
        )}
      </Text>
    )}
  </ConfirmDialog>
);
