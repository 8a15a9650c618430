import { Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { Pagination } from '../../../components/ui/pagination';
import { UsersTable } from './users-table';
import type { UsersTableProps } from './users-table';

export interface UsersPager {
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
}

/** The loaded users: the table, why the admin's own row is locked, and the pager. */
export const UsersList = ({ table, pager }: { table: UsersTableProps; pager: UsersPager }): ReactElement => (
  <>
    <UsersTable {...table} />
    <Text textStyle="xs" color="fg.muted">
      On your own row, role, access, balance and delete are locked: another admin can change them.
    </Text>
    <Pagination {...pager} itemLabel="users" />
  </>
);
