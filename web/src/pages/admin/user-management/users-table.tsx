import type { PublicUser } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { formatCents } from '../../../libs/format';
import type { DetailsDraft, DetailsErrors } from './user-details';
import { money, UserRow } from './user-row';
import type { UserRowHandlers } from './user-row';
import { Table } from '../../../components/ui/responsive-table';

export interface UsersTableProps extends UserRowHandlers {
  users: readonly PublicUser[];
  /** Index of the first row across all pages, for the No. column. */
  start: number;
  totals: { deposited: number; spent: number; balance: number };
  meId: string;
  draft: DetailsDraft | null;
  draftErrors: DetailsErrors;
  busyUserId: string | null;
  loginAsLocked: boolean;
}

/** Spec 2 "User management": the columns in the spec's order and a 'Total Amount' row. */
export const UsersTable = ({ users, start, totals, meId, draft, draftErrors, busyUserId, loginAsLocked, ...handlers }: UsersTableProps): ReactElement => (
  <Table.ScrollArea borderWidth="1px" rounded="md">
    <Table.Root size="sm" stickyHeader aria-label="Users">
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <Table.ColumnHeader textAlign="end">No.</Table.ColumnHeader>
          <Table.ColumnHeader>Name</Table.ColumnHeader>
          <Table.ColumnHeader>Email</Table.ColumnHeader>
          <Table.ColumnHeader>Role</Table.ColumnHeader>
          <Table.ColumnHeader>Referral</Table.ColumnHeader>
          <Table.ColumnHeader>Services</Table.ColumnHeader>
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
          return (
            <UserRow
              key={user._id}
              user={user}
              number={start + index + 1}
              isMe={user._id === meId}
              draft={editing ? draft : null}
              draftErrors={editing ? draftErrors : {}}
              editLocked={draft !== null && !editing}
              busy={busyUserId === user._id}
              loginAsLocked={loginAsLocked}
              {...handlers}
            />
          );
        })}
      </Table.Body>
      <Table.Footer>
        <Table.Row bg="bg.subtle" fontWeight="semibold" data-testid="users-total-row">
          <Table.Cell colSpan={6}>Total Amount</Table.Cell>
          <Table.Cell {...money}>{formatCents(totals.deposited)}</Table.Cell>
          <Table.Cell {...money}>{formatCents(totals.spent)}</Table.Cell>
          <Table.Cell {...money}>{formatCents(totals.balance)}</Table.Cell>
          <Table.Cell colSpan={3} />
        </Table.Row>
      </Table.Footer>
    </Table.Root>
  </Table.ScrollArea>
);
