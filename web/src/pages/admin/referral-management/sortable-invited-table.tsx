import { Button } from '@chakra-ui/react';
import type { InvitedUser } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { InvitedUserRow } from '../../main/invite/invited-users-table';
import type { InvitedSort, InvitedSortKey } from './invited-users-sort';
import { Table } from '../../../components/ui/responsive-table';

interface SortableInvitedTableProps {
  /** The rows of the current page, already sorted. */
  users: readonly InvitedUser[];
  sort: InvitedSort;
  onSort: (key: InvitedSortKey) => void;
}

const COLUMNS: ReadonlyArray<{ key: InvitedSortKey; label: string; end?: boolean }> = [
  { key: 'name', label: 'Name' },
  { key: 'registeredDate', label: 'Registered Date' },
  { key: 'totalDeposit', label: 'Total Deposit', end: true },
];

const Arrow = ({ direction }: { direction: InvitedSort['direction'] | 'none' }): ReactElement => (
  <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" opacity={direction === 'none' ? 0.35 : 1}>
    {direction !== 'descending' && <path d="m7 10 5-5 5 5" />}
    {direction !== 'ascending' && <path d="m7 14 5 5 5-5" />}
  </svg>
);

/** Spec section 2, Referral management: name, registered date and total deposit, each sortable by its header. */
export const SortableInvitedTable = ({ users, sort, onSort }: SortableInvitedTableProps): ReactElement => (
  <Table.ScrollArea borderWidth="1px" rounded="md">
    <Table.Root size="sm" stickyHeader aria-label="Invited users">
      <Table.Header>
        <Table.Row bg="bg.subtle">
          {COLUMNS.map((column) => {
            const direction = sort.key === column.key ? sort.direction : 'none';
            return (
              <Table.ColumnHeader key={column.key} aria-sort={direction} textAlign={column.end ? 'end' : 'start'} px="0">
                {/* A button in the header: reachable by keyboard, and it says what a press will do. */}
                <Button
                  variant="ghost"
                  size="xs"
                  colorPalette="gray"
                  fontWeight="semibold"
                  onClick={() => onSort(column.key)}
                  flexDirection={column.end ? 'row-reverse' : 'row'}
                  // The button's own padding lines its label up with the cells below; a long label wraps on phones.
                  px="2"
                  h="auto"
                  minH="8"
                  py="1"
                  whiteSpace="normal"
                  textAlign={column.end ? 'end' : 'start'}
                >
                  {column.label}
                  <Arrow direction={direction} />
                </Button>
              </Table.ColumnHeader>
            );
          })}
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
