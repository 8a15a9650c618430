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

interface Column {
  name: string;
  /** Widths from `lg` and from `xl`; Name and Email have none: they share what the others leave. */
  w?: { lg: string; xl: string };
  end?: boolean;
}

/**
 * Spec 2 "User management": the columns in the spec's order. From 1024 px the table is laid out at these fixed widths
 * (issue 49: it used to measure itself, and a long name or a row being edited turned it into cards for good), so it
 * always fits its frame; long names and e-mails wrap at 1024 px and end in an ellipsis from 1280 px.
 */
const COLUMNS: readonly Column[] = [
  { name: 'No.', w: { lg: '1.75rem', xl: '2.25rem' }, end: true },
  { name: 'Name' },
  { name: 'Email' },
  { name: 'Role', w: { lg: '4.75rem', xl: '5.25rem' } },
  { name: 'Referral', w: { lg: '4.25rem', xl: '5.25rem' } },
  { name: 'Services', w: { lg: '3.75rem', xl: '4.5rem' } },
  { name: 'Deposited', w: { lg: '4.5rem', xl: '5.25rem' }, end: true },
  { name: 'Spent', w: { lg: '4rem', xl: '5rem' }, end: true },
  { name: 'Balance', w: { lg: '4.25rem', xl: '5.25rem' }, end: true },
  { name: 'Access', w: { lg: '3.25rem', xl: '5.75rem' } },
  { name: 'Actions', w: { lg: '4.25rem', xl: '10.25rem' } },
  { name: 'Login As', w: { lg: '2.5rem', xl: '4.25rem' } },
];

/** Dense rows, so ten and more users fit a laptop's screen. */
const denseCells = {
  '& :is(th, td)': { paddingInline: { base: '2', lg: '1', xl: '2' }, paddingBlock: '1' },
  '& td': { fontSize: { lg: 'xs', xl: 'sm' } },
  // Column names wrap between words only ('Login As'); every column is wide enough for its longest word.
  '& th': { fontSize: 'xs', whiteSpace: 'normal', overflowWrap: 'normal', wordBreak: 'normal', lineHeight: 'shorter', verticalAlign: 'bottom' },
} as const;

/** The users of one page and a 'Total Amount' row. */
export const UsersTable = ({ users, start, totals, meId, draft, draftErrors, busyUserId, loginAsLocked, ...handlers }: UsersTableProps): ReactElement => (
  <Table.ScrollArea borderWidth="1px" rounded="md" tableFrom="lg">
    <Table.Root size="sm" stickyHeader aria-label="Users" tableLayout={{ lg: 'fixed' }} css={denseCells}>
      <Table.Header>
        <Table.Row bg="bg.subtle">
          {COLUMNS.map((column) => (
            <Table.ColumnHeader key={column.name} w={column.w} textAlign={column.end ? 'end' : undefined}>
              {column.name}
            </Table.ColumnHeader>
          ))}
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
