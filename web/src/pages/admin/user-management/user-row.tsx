import { Box, Button, Field, HStack, IconButton, Input, NativeSelect, Switch, Text, VisuallyHidden } from '@chakra-ui/react';
import type { Activation, PublicUser, UserRole } from '@labeldesk/contracts';
import type { KeyboardEvent, ReactElement, ReactNode } from 'react';
import { CheckIcon, CloseIcon, KeyIcon, LoginIcon, ShieldIcon, SlidersIcon, TrashIcon } from '../../../components/ui/icons';
import { formatCents } from '../../../libs/format';
import { roleLabel } from './confirm-change-dialog';
import type { DetailsDraft, DetailsErrors } from './user-details';
import { Table } from '../../../components/ui/responsive-table';

const roles: readonly UserRole[] = ['user', 'friend', 'admin'];

/** Why a control on the admin's own row is locked: the server refuses these too. */
export const SELF_LOCKS = {
  role: 'You cannot change your own role',
  access: 'You cannot block your own account',
  balance: 'You cannot change your own balance',
  delete: 'You cannot delete your own account',
  loginAs: 'This is you',
  twoFactor: 'Turn your own two-factor sign-in off on your Account page',
} as const;

export const money = { textAlign: 'end', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

export interface UserRowHandlers {
  onEdit: (user: PublicUser) => void;
  onDraftChange: (patch: Partial<DetailsDraft>) => void;
  onSave: (user: PublicUser) => void;
  onCancel: () => void;
  onRoleChange: (user: PublicUser, role: UserRole) => void;
  onAccessChange: (user: PublicUser, activation: Activation) => void;
  onServices: (user: PublicUser) => void;
  onDelete: (user: PublicUser) => void;
  onResetLink: (user: PublicUser) => void;
  onResetTwoFactor: (user: PublicUser) => void;
  onLoginAs: (user: PublicUser) => void;
}

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

/** A disabled control cannot show a tooltip in every browser; its wrapper can. */
const Reason = ({ reason, children }: { reason: string | undefined; children: ReactNode }): ReactElement => (
  <Box as="span" display="inline-flex" title={reason}>
    {children}
  </Box>
);

export const UserRow = ({ user, number, isMe, draft, draftErrors, editLocked, busy, loginAsLocked, ...on }: UserRowProps): ReactElement => {
  const keys = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') on.onSave(user);
    if (event.key === 'Escape') on.onCancel();
  };
  const blocked = user.activation === 'block';

  return (
    <Table.Row data-testid="user-row" data-user-email={user.email} bg={draft ? 'brand.subtle' : undefined}>
      <Table.Cell textAlign="end" color="fg.muted" fontVariantNumeric="tabular-nums">
        {number}
      </Table.Cell>
      <Table.Cell fontWeight="medium" maxW="36" truncate title={user.name}>
        {user.name}
        {isMe && (
          <Text as="span" color="fg.muted" fontWeight="normal">
            {' '}
            (you)
          </Text>
        )}
      </Table.Cell>
      <Table.Cell color="fg.muted" maxW="44" truncate title={user.email}>
        {user.email}
      </Table.Cell>
      <Table.Cell>
        <Reason reason={isMe ? SELF_LOCKS.role : undefined}>
          <NativeSelect.Root size="xs" w="20" disabled={isMe || busy}>
            <NativeSelect.Field
              aria-label={`Role of ${user.name}`}
              value={user.user_role}
              onChange={(event) => on.onRoleChange(user, event.target.value as UserRole)}
            >
              {roles.map((role) => (
                <option key={role} value={role}>
                  {roleLabel[role]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Reason>
      </Table.Cell>
      <Table.Cell>
        {draft ? (
          <Field.Root invalid={draftErrors.referralCode !== undefined} minW="32">
            <Input
              size="xs"
              aria-label="Referral code"
              value={draft.referralCode}
              fontFamily="mono"
              onChange={(event) => on.onDraftChange({ referralCode: event.target.value })}
              onKeyDown={keys}
            />
            {draftErrors.referralCode && <Field.ErrorText textStyle="xs">{draftErrors.referralCode}</Field.ErrorText>}
          </Field.Root>
        ) : (
          <Text as="span" fontFamily="mono" textStyle="xs">
            {user.referralCode || '--'}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>
        <IconButton size="xs" variant="outline" colorPalette="gray" onClick={() => on.onServices(user)} aria-label={`Services of ${user.name}`} title="Services and prices">
          <SlidersIcon />
        </IconButton>
      </Table.Cell>
      <Table.Cell {...money}>{formatCents(user.totalDeposit)}</Table.Cell>
      <Table.Cell {...money}>{formatCents(user.totalSpent)}</Table.Cell>
      <Table.Cell {...money} fontWeight="medium" data-testid="user-balance">
        {draft && !draft.balanceLocked ? (
          <Field.Root invalid={draftErrors.balance !== undefined} minW="28">
            <Input
              size="xs"
              aria-label="Balance (USD)"
              inputMode="decimal"
              textAlign="end"
              value={draft.balance}
              onChange={(event) => on.onDraftChange({ balance: event.target.value })}
              onKeyDown={keys}
            />
            {draftErrors.balance && <Field.ErrorText textStyle="xs">{draftErrors.balance}</Field.ErrorText>}
          </Field.Root>
        ) : (
          <Text as="span" title={draft?.balanceLocked ? SELF_LOCKS.balance : undefined}>
            {formatCents(user.balance)}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell>
        <Reason reason={isMe ? SELF_LOCKS.access : blocked ? 'Blocked: switch on to allow' : 'Allowed: switch off to block'}>
          <Switch.Root
            size="sm"
            colorPalette="green"
            checked={!blocked}
            disabled={isMe || busy}
            onCheckedChange={(details) => on.onAccessChange(user, details.checked ? 'allow' : 'block')}
          >
            <Switch.HiddenInput />
            <Switch.Control />
            <Switch.Label textStyle="xs" color={blocked ? 'status.failed.fg' : 'fg.muted'} fontWeight="medium">
              <VisuallyHidden>Access of {user.name}: </VisuallyHidden>
              {blocked ? 'Block' : 'Allow'}
            </Switch.Label>
          </Switch.Root>
        </Reason>
      </Table.Cell>
      <Table.Cell>
        <HStack gap="1">
          {draft ? (
            <>
              <Button size="xs" onClick={() => on.onSave(user)}>
                <CheckIcon />
                Save
              </Button>
              <IconButton size="xs" variant="outline" colorPalette="gray" aria-label="Cancel editing" title="Cancel" onClick={on.onCancel}>
                <CloseIcon />
              </IconButton>
            </>
          ) : (
            <Button
              size="xs"
              variant="outline"
              colorPalette="gray"
              onClick={() => on.onEdit(user)}
              disabled={editLocked}
              title={isMe ? 'Edit your referral code (your own balance is locked)' : undefined}
            >
              Edit
            </Button>
          )}
          <Reason reason={`Password reset link for ${user.name}`}>
            <IconButton size="xs" variant="outline" colorPalette="gray" onClick={() => on.onResetLink(user)} disabled={busy} aria-label={`Password reset link for ${user.name}`}>
              <KeyIcon />
            </IconButton>
          </Reason>
          {user.twoFactorEnabled && (
            <Reason reason={isMe ? SELF_LOCKS.twoFactor : `Reset two-factor sign-in of ${user.name}`}>
              <IconButton size="xs" variant="outline" colorPalette="gray" onClick={() => on.onResetTwoFactor(user)} disabled={isMe || busy} aria-label={`Reset two-factor sign-in of ${user.name}`}>
                <ShieldIcon />
              </IconButton>
            </Reason>
          )}
          <Reason reason={isMe ? SELF_LOCKS.delete : 'Delete user'}>
            <IconButton size="xs" variant="outline" colorPalette="red" onClick={() => on.onDelete(user)} disabled={isMe || busy} aria-label={`Delete ${user.name}`}>
              <TrashIcon />
            </IconButton>
          </Reason>
        </HStack>
      </Table.Cell>
      <Table.Cell>
        <Reason reason={isMe ? SELF_LOCKS.loginAs : blocked ? 'Blocked users cannot be signed in as: allow access first' : `Login as User: ${user.name}`}>
          <IconButton
            size="xs"
            variant="outline"
            aria-label={`Login as User ${user.name}`}
            onClick={() => on.onLoginAs(user)}
            disabled={isMe || blocked || loginAsLocked}
          >
            <LoginIcon />
          </IconButton>
        </Reason>
      </Table.Cell>
    </Table.Row>
  );
};
