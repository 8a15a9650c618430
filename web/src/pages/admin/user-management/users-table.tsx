import { Button, Field, HStack, IconButton, Input, NativeSelect, Switch, Table, Text } from '@chakra-ui/react';
import type { Activation, PublicUser, UserRole } from '@labeldesk/contracts';
import type { KeyboardEvent, ReactElement } from 'react';
import { CheckIcon, CloseIcon, LoginIcon } from '../../../components/ui/icons';
import { formatCents } from '../../../libs/format';
import type { DetailsDraft, DetailsErrors } from './user-details';

export const roleLabel: Record<UserRole, string> = { user: 'User', friend: 'Friend', admin: 'Admin' };
const roles: readonly UserRole[] = ['user', 'friend', 'admin'];

export interface UsersTableProps {
  users: readonly PublicUser[];
  /** Index of the first row across all pages, for the No. column. */
  start: number;
  totals: { deposited: number; spent: number; balance: number };
  meId: string;
  draft: DetailsDraft | null;
  draftErrors: DetailsErrors;
  busyUserId: string | null;
  loginAsLocked: boolean;
  onEdit: (user: PublicUser) => void;
  onDraftChange: (patch: Partial<DetailsDraft>) => void;
  onSave: (user: PublicUser) => void;
  onCancel: () => void;
  onRoleChange: (user: PublicUser, role: UserRole) => void;
  onAccessChange: (user: PublicUser, activation: Activation) => void;
  onLoginAs: (user: PublicUser) => void;
}

const money = { textAlign: 'end', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } as const;

export const UsersTable = ({
  users,
  start,
  totals,
  meId,
  draft,
  draftErrors,
  busyUserId,
  loginAsLocked,
  onEdit,
  onDraftChange,
  onSave,
  onCancel,
  onRoleChange,
  onAccessChange,
  onLoginAs,
}: UsersTableProps): ReactElement => {
  const keys = (user: PublicUser) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') onSave(user);
    if (event.key === 'Escape') onCancel();
  };

  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" stickyHeader aria-label="Users">
        <Table.Header>
          <Table.Row bg="bg.subtle">
            <Table.ColumnHeader textAlign="end">No.</Table.ColumnHeader>
            <Table.ColumnHeader>Name</Table.ColumnHeader>
            <Table.ColumnHeader>Email</Table.ColumnHeader>
            <Table.ColumnHeader>Role</Table.ColumnHeader>
            <Table.ColumnHeader>Referral</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Deposited</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Spent</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Balance</Table.ColumnHeader>
            <Table.ColumnHeader>Access</Table.ColumnHeader>
            <Table.ColumnHeader>Actions</Table.ColumnHeader>
            <Table.ColumnHeader>Login As</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {users.map((user, index) => {
            const editing = draft?.userId === user._id;
            const isMe = user._id === meId;
            const busy = busyUserId === user._id;
            return (
              <Table.Row key={user._id} data-testid="user-row" bg={editing ? 'brand.subtle' : undefined}>
                <Table.Cell textAlign="end" color="fg.muted" fontVariantNumeric="tabular-nums">
                  {start + index + 1}
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
                <Table.Cell color="fg.muted" maxW="48" truncate title={user.email}>
                  {user.email}
                </Table.Cell>
                <Table.Cell>
                  <NativeSelect.Root size="xs" w="20" disabled={isMe || busy}>
                    <NativeSelect.Field
                      aria-label={`Role of ${user.name}`}
                      value={user.user_role}
                      onChange={(event) => onRoleChange(user, event.target.value as UserRole)}
                    >
                      {roles.map((role) => (
                        <option key={role} value={role}>
                          {roleLabel[role]}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Table.Cell>
                <Table.Cell>
                  {editing && draft ? (
                    <Field.Root invalid={draftErrors.referralCode !== undefined} minW="32">
                      <Input
                        size="xs"
                        aria-label="Referral code"
                        value={draft.referralCode}
                        fontFamily="mono"
                        onChange={(event) => onDraftChange({ referralCode: event.target.value })}
                        onKeyDown={keys(user)}
                      />
                      {draftErrors.referralCode && <Field.ErrorText textStyle="xs">{draftErrors.referralCode}</Field.ErrorText>}
                    </Field.Root>
                  ) : (
                    <Text as="span" fontFamily="mono" textStyle="xs">
                      {user.referralCode || '--'}
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell {...money}>{formatCents(user.totalDeposit)}</Table.Cell>
                <Table.Cell {...money}>{formatCents(user.totalSpent)}</Table.Cell>
                <Table.Cell {...money} fontWeight="medium" data-testid="user-balance">
                  {editing && draft ? (
                    <Field.Root invalid={draftErrors.balance !== undefined} minW="28">
                      <Input
                        size="xs"
                        aria-label="Balance (USD)"
                        inputMode="decimal"
                        textAlign="end"
                        value={draft.balance}
                        onChange={(event) => onDraftChange({ balance: event.target.value })}
                        onKeyDown={keys(user)}
                      />
                      {draftErrors.balance && <Field.ErrorText textStyle="xs">{draftErrors.balance}</Field.ErrorText>}
                    </Field.Root>
                  ) : (
                    formatCents(user.balance)
                  )}
                </Table.Cell>
                <Table.Cell>
                  <Switch.Root
                    size="sm"
                    colorPalette="green"
                    checked={user.activation === 'allow'}
                    disabled={isMe || busy}
                    title={user.activation === 'allow' ? 'Allowed: click to block' : 'Blocked: click to allow'}
                    onCheckedChange={(details) => onAccessChange(user, details.checked ? 'allow' : 'block')}
                  >
                    <Switch.HiddenInput aria-label={`Access of ${user.name}`} />
                    <Switch.Control />
                    <Switch.Label textStyle="xs" color={user.activation === 'allow' ? 'fg.muted' : 'status.failed.fg'} fontWeight="medium">
                      {user.activation === 'allow' ? 'Allow' : 'Block'}
                    </Switch.Label>
                  </Switch.Root>
                </Table.Cell>
                <Table.Cell>
                  {editing ? (
                    <HStack gap="1">
                      <Button size="xs" onClick={() => onSave(user)}>
                        <CheckIcon />
                        Save
                      </Button>
                      <IconButton size="xs" variant="outline" colorPalette="gray" aria-label="Cancel editing" title="Cancel" onClick={onCancel}>
                        <CloseIcon />
                      </IconButton>
                    </HStack>
                  ) : (
                    <Button size="xs" variant="outline" colorPalette="gray" onClick={() => onEdit(user)} disabled={draft !== null}>
                      Edit
                    </Button>
                  )}
                </Table.Cell>
                <Table.Cell>
                  <IconButton
                    size="xs"
                    variant="outline"
                    aria-label={`Login as User ${user.name}`}
                    title={isMe ? 'This is you' : `Login as User: ${user.name}`}
                    onClick={() => onLoginAs(user)}
                    disabled={isMe || loginAsLocked}
                  >
                    <LoginIcon />
                  </IconButton>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
        <Table.Footer>
          <Table.Row bg="bg.subtle" fontWeight="semibold" data-testid="users-total-row">
            <Table.Cell colSpan={5}>Total Amount</Table.Cell>
            <Table.Cell {...money}>{formatCents(totals.deposited)}</Table.Cell>
            <Table.Cell {...money}>{formatCents(totals.spent)}</Table.Cell>
            <Table.Cell {...money}>{formatCents(totals.balance)}</Table.Cell>
            <Table.Cell colSpan={3} />
          </Table.Row>
        </Table.Footer>
      </Table.Root>
    </Table.ScrollArea>
  );
};
