import type { PublicUser } from '@labeldesk/contracts';
import { useMemo, useState } from 'react';
import { usePagedRows } from '../../../hooks/use-paged-rows';
import { useUsers } from '../../../services/users/list-users';
import { useAuthStore } from '../../../stores/auth.store';
import { useAccessChange } from './use-access-change';
import { useTwoFactorReset, useUserDeletion } from './use-confirmed-user-action';
import { useDetailsEditor } from './use-details-editor';
import { useLoginAs } from './use-login-as';
import { matchesSearch, userTotals } from './user-search';
import type { UsersPager } from './users-list';
import type { UsersTableProps } from './users-table';

/** Users a page: the spec's table default (section 9); the table shows a whole page on a laptop screen (issue 49). */
export const USERS_PAGE_SIZE = 7;

/**
 * What the User Management page knows and does: the users matching the search, a page of them with totals, and
 * every change an admin makes to a row, each behind its own confirmation.
 */
export const useUserManagement = () => {
  const meId = useAuthStore((state) => state.user?._id ?? '');
  const users = useUsers();
  const details = useDetailsEditor(meId, () => users.refetch());
  const accessChange = useAccessChange();
  const deletion = useUserDeletion();
  const loginAs = useLoginAs();
  const twoFactorReset = useTwoFactorReset();

  const [search, setSearch] = useState('');
  const [servicesUser, setServicesUser] = useState<PublicUser | null>(null);
  const [resetLinkUser, setResetLinkUser] = useState<PublicUser | null>(null);

  const filtered = useMemo(() => (users.data ?? []).filter((user) => matchesSearch(user, search)), [users.data, search]);
  const paged = usePagedRows(filtered, USERS_PAGE_SIZE);
  const totals = useMemo(() => userTotals(filtered), [filtered]);

  const table: UsersTableProps = {
    users: paged.pageRows,
    start: paged.start,
    totals,
    meId,
    draft: details.draft,
    draftErrors: details.draftErrors,
    busyUserId: accessChange.busyUserId,
    loginAsLocked: loginAs.locked,
    onEdit: details.edit,
    onDraftChange: details.change,
    onSave: details.save,
    onCancel: details.cancel,
    onRoleChange: (user, role) => accessChange.ask({ kind: 'role', user, role }),
    onAccessChange: (user, activation) => accessChange.ask({ kind: 'access', user, activation }),
    onServices: setServicesUser,
    onDelete: deletion.ask,
    onResetLink: setResetLinkUser,
    onResetTwoFactor: twoFactorReset.ask,
    onLoginAs: loginAs.start,
  };
  const pager: UsersPager = {
    page: paged.page,
    pageCount: paged.pageCount,
    pageSize: paged.pageSize,
    total: paged.total,
    onPageChange: (page) => {
      details.cancel();
      paged.setPage(page);
    },
  };
  /** A new search starts on page 1 and drops an edit of a row that may no longer be listed. */
  const onSearch = (value: string) => {
    setSearch(value);
    details.cancel();
    paged.setPage(1);
  };

  return { users, filtered, search, onSearch, table, pager, details, accessChange, deletion, twoFactorReset, servicesUser, setServicesUser, resetLinkUser, setResetLinkUser };
};
