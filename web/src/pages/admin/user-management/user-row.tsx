import { IconButton, Text } from '@chakra-ui/react';
import type { PublicUser } from '@labeldesk/contracts';
import type { KeyboardEvent, ReactElement } from 'react';
import { SlidersIcon } from '../../../components/ui/icons';
import { formatCents } from '../../../libs/format';
import type { DetailsDraft, DetailsErrors } from './user-details';
import { Table } from '../../../components/ui/responsive-table';
import { AccessSwitch, DraftInput, LoginAsButton, RoleSelect, RowActions, SELF_LOCKS } from './user-row-cells';
import type { UserRowHandlers } from './user-row-cells';

export type { UserRowHandlers } from './user-row-cells';

export const money = { textAlign: 'end', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

/** A name or e-mail: wrapped where the column is narrow (1024 px), on one line ending in an ellipsis from 1280 px. */
const longText = { whiteSpace: { base: 'normal', xl: 'nowrap' }, overflow: 'hidden', textOverflow: 'ellipsis', overflowWrap: 'anywhere' } as const;

interface UserRowProps extends UserRowHandlers {
  user: PublicUser;
  number: number;
  isMe: boolean;
  /** The row's draft while it is being edited, else null. */
  draft: DetailsDraft | null;
  draftErrors: DetailsErrors;
  /** Another row is being edited: one edit at a time. */
  editLocked: boolean;
  busy: boolean;
  loginAsLocked: boolean;
}

export const UserRow = ({ user, number, isMe, draft, draftErrors, editLocked, busy, loginAsLocked, ...on }: UserRowProps): ReactElement => {
  const keys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') on.onSave(user);
    if (event.key === 'Escape') on.onCancel();
  };
  const control = { user, isMe, busy };

  return (
    <Table.Row data-testid="user-row" data-user-email={user.email} bg={draft ? 'brand.subtle' : undefined}>
      <Table.Cell textAlign="end" color="fg.muted" fontVariantNumeric="tabular-nums">
        {number}
      </Table.Cell>
      <Table.Cell fontWeight="medium" {...longText} title={user.name}>
        {user.name}
        {isMe && (
          <Text as="span" color="fg.muted" fontWeight="normal">
            {' '}
            (you)
          </Text>
        )}
      </Table.Cell>
      <Table.Cell color="fg.muted" {...longText} title={user.email}>
        {user.email}
      </Table.Cell>
      <Table.Cell>
        <RoleSelect {...control} onRoleChange={on.onRoleChange} />
      </Table.Cell>
      <Table.Cell>
        {draft ? (
          <DraftInput
            label="Referral code"
            value={draft.referralCode}
            error={draftErrors.referralCode}
            minW="0"
            inputProps={{ fontFamily: 'mono' }}
            onChange={(referralCode) => on.onDraftChange({ referralCode })}
            onKeyDown={keys}
          />
        ) : (
          <Text as="span" fontFamily="mono" textStyle="xs">
            {user.referralCode || '--'}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>
        <IconButton size="2xs" variant="outline" colorPalette="gray" onClick={() => on.onServices(user)} aria-label={`Services of ${user.name}`} title="Services and prices">
          <SlidersIcon />
        </IconButton>
      </Table.Cell>
      <Table.Cell {...money}>{formatCents(user.totalDeposit)}</Table.Cell>
      <Table.Cell {...money}>{formatCents(user.totalSpent)}</Table.Cell>
      <Table.Cell {...money} fontWeight="medium" data-testid="user-balance">
        {draft && !draft.balanceLocked ? (
          <DraftInput
            label="Balance (USD)"
            value={draft.balance}
            error={draftErrors.balance}
            minW="0"
            inputProps={{ inputMode: 'decimal', textAlign: 'end' }}
            onChange={(balance) => on.onDraftChange({ balance })}
            onKeyDown={keys}
          />
        ) : (
          <Text as="span" title={draft?.balanceLocked ? SELF_LOCKS.balance : undefined}>
            {formatCents(user.balance)}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>
        <AccessSwitch {...control} onAccessChange={on.onAccessChange} />
      </Table.Cell>
      <Table.Cell>
        <RowActions {...control} {...on} editing={draft !== null} editLocked={editLocked} />
      </Table.Cell>
      <Table.Cell>
        <LoginAsButton user={user} isMe={isMe} locked={loginAsLocked} onLoginAs={on.onLoginAs} />
      </Table.Cell>
    </Table.Row>
  );
};
