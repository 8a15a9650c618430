import type { InvitedUser } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { formatCents, formatDateTime } from '../../../libs/format';
import { Table } from '../../../components/ui/responsive-table';

/** One invited user; names wrap rather than truncate, so on a phone the date and the deposit still fit beside them. */
export const InvitedUserRow = ({ user }: { user: InvitedUser }): ReactElement => (
  <Table.Row data-testid="invited-user-row">
    <Table.Cell fontWeight="medium" minW="28" whiteSpace="normal" overflowWrap="anywhere">
      {user.name}
    </Table.Cell>
    <Table.Cell whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
      {formatDateTime(user.registeredDate)}
    </Table.Cell>
    <Table.Cell textAlign="end" whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
      {formatCents(user.totalDeposit)}
    </Table.Cell>
  </Table.Row>
);

/** Spec section 3, Invited user: name, registered date (the app's format), total deposit in dollars. */
export const InvitedUsersTable = ({ users }: { users: readonly InvitedUser[] }): ReactElement => (
  <Table.ScrollArea borderWidth="1px" rounded="md">
    <Table.Root size="sm" stickyHeader aria-label="Invited users">
      <Table.Header>
        {/* Headers may wrap: on a phone the room goes to the names. */}
        <Table.Row bg="bg.subtle" whiteSpace="normal">
          <Table.ColumnHeader>Name</Table.ColumnHeader>
          <Table.ColumnHeader>Registered Date</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Total Deposit</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {users.map((user, index) => (
          <InvitedUserRow key={`${user.registeredDate}-${user.name}-${index}`} user={user} />
        ))}
      </Table.Body>
    </Table.Root>
  </Table.ScrollArea>
);
