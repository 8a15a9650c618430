import { Button, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import type { PublicUser } from '@labeldesk/contracts';
import { useMemo, useState } from 'react';
import type { ReactElement } from 'react';
import { RefreshIcon, SearchIcon, UsersIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { TableSkeleton } from '../../../components/ui/table-states';
import { notify } from '../../../components/ui/toaster';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { DEFAULT_PAGE_SIZE, usePagedRows } from '../../../hooks/use-paged-rows';
import { errorMessage } from '../../../libs/http-client';
import { useChangeUserRole } from '../../../services/users/change-role';
import { useDeleteUser } from '../../../services/users/delete-user';
import { useResetUserTwoFactor } from '../../../services/users/reset-two-factor';
import { useUsers } from '../../../services/users/list-users';
import { useSetUserActivation } from '../../../services/users/set-activation';
import { useAuthStore } from '../../../stores/auth.store';
import { ConfirmChangeDialog, roleLabel } from './confirm-change-dialog';
import type { PendingChange } from './confirm-change-dialog';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { ConfirmDetailsDialog } from './confirm-details-dialog';
import { ConfirmTwoFactorResetDialog } from './confirm-two-factor-reset-dialog';
import { ResetLinkDialog } from './reset-link-dialog';
import { useDetailsEditor } from './use-details-editor';
import { useLoginAs } from './use-login-as';
import { UserServicesOverlay } from './user-services-overlay';
import { UsersTable } from './users-table';

const matches = (user: PublicUser, query: string): boolean => {
  const needle = query.trim().toLowerCase();
  return needle === '' || user.name.toLowerCase().includes(needle) || user.email.toLowerCase().includes(needle);
};

const sum = (users: readonly PublicUser[], pick: (user: PublicUser) => number): number => users.reduce((total, user) => total + pick(user), 0);

export const UserManagementPage = (): ReactElement => {
  useDocumentTitle('User Management');
  const meId = useAuthStore((state) => state.user?._id ?? '');
  const users = useUsers();
  const details = useDetailsEditor(meId, () => users.refetch());
  const changeRole = useChangeUserRole();
  const setActivation = useSetUserActivation();
  const deleteUser = useDeleteUser();
  const loginAs = useLoginAs();
  const resetTwoFactor = useResetUserTwoFactor();

  const [search, setSearch] = useState('');
  const [pendingChange, setPendingChange] = useState<PendingChange | null>(null);
  const [pendingDelete, setPendingDelete] = useState<PublicUser | null>(null);
  const [servicesUser, setServicesUser] = useState<PublicUser | null>(null);
  const [resetLinkUser, setResetLinkUser] = useState<PublicUser | null>(null);
  const [pendingTwoFactorReset, setPendingTwoFactorReset] = useState<PublicUser | null>(null);
  const [busyUserId, setBusyUserId] = useState<string | null>(null);

  const filtered = useMemo(() => (users.data ?? []).filter((user) => matches(user, search)), [users.data, search]);
  const paged = usePagedRows(filtered, DEFAULT_PAGE_SIZE);
  const totals = useMemo(
    () => ({
      deposited: sum(filtered, (user) => user.totalDeposit),
      spent: sum(filtered, (user) => user.totalSpent),
      balance: sum(filtered, (user) => user.balance),
    }),
    [filtered],
  );

  /** Role and access changes end the user's sessions: they are sent only after the confirmation dialog. */
  const confirmChange = () => {
    if (!pendingChange || busyUserId !== null) return;
    const change = pendingChange;
    const settle = () => {
      setBusyUserId(null);
      setPendingChange(null);
    };
    setBusyUserId(change.user._id);
    if (change.kind === 'role') {
      changeRole.mutate(
        { userId: change.user._id, role: change.role },
        {
          onSuccess: (updated) => notify.success(`Role of ${updated.name} set to ${roleLabel[updated.user_role]}`),
          onError: (error) => notify.error(errorMessage(error, 'Failed to update role')),
          onSettled: settle,
        },
      );
      return;
    }
    setActivation.mutate(
      { userId: change.user._id, activation: change.activation },
      {
        onSuccess: (updated) => notify.success(`Access ${updated.activation === 'allow' ? 'allowed' : 'blocked'} for ${updated.name}`),
        onError: (error) => notify.error(errorMessage(error, 'Failed to update access')),
        onSettled: settle,
      },
    );
  };

  /** Spec 4/8: success removes the row locally; a failure is only logged and the dialog closes. */
  const confirmDelete = () => {
    if (!pendingDelete || deleteUser.isPending) return;
    deleteUser.mutate(pendingDelete._id, {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (error) => console.error('Deleting the user failed', error),
      onSettled: () => setPendingDelete(null),
    });
  };

  const confirmTwoFactorReset = () => {
    if (!pendingTwoFactorReset || resetTwoFactor.isPending) return;
    resetTwoFactor.mutate(pendingTwoFactorReset._id, {
      onSuccess: (updated) => notify.success(`Two-factor sign-in reset for ${updated.name}`),
      onError: (error) => notify.error(errorMessage(error, 'Failed to reset two-factor sign-in')),
      onSettled: () => setPendingTwoFactorReset(null),
    });
  };

  const rows = (): ReactElement => (
    <>
      <UsersTable
        users={paged.pageRows}
        start={paged.start}
        totals={totals}
        meId={meId}
        draft={details.draft}
        draftErrors={details.draftErrors}
        busyUserId={busyUserId}
        loginAsLocked={loginAs.locked}
        onEdit={details.edit}
        onDraftChange={details.change}
        onSave={details.save}
        onCancel={details.cancel}
        onRoleChange={(user, role) => setPendingChange({ kind: 'role', user, role })}
        onAccessChange={(user, activation) => setPendingChange({ kind: 'access', user, activation })}
        onServices={setServicesUser}
        onDelete={setPendingDelete}
        onResetLink={setResetLinkUser}
        onResetTwoFactor={setPendingTwoFactorReset}
        onLoginAs={loginAs.start}
      />
      <Text textStyle="xs" color="fg.muted">
        On your own row, role, access, balance and delete are locked: another admin can change them.
      </Text>
      <Pagination
        page={paged.page}
        pageCount={paged.pageCount}
        pageSize={paged.pageSize}
        total={paged.total}
        itemLabel="users"
        onPageChange={(page) => {
          details.cancel();
          paged.setPage(page);
        }}
      />
    </>
  );

  const content = (): ReactElement => (
    <QueryState
      query={users}
      loading={<TableSkeleton rows={DEFAULT_PAGE_SIZE} label="Loading users" />}
      error={{ title: 'Failed to load users' }}
      isEmpty={() => filtered.length === 0}
      empty={{
        icon: <UsersIcon />,
        title: search.trim() ? 'No users match your search' : 'No users yet',
        description: search.trim() ? 'Check the spelling, or search by another part of the name or email.' : 'People appear here as soon as they register.',
      }}
    >
      {rows}
    </QueryState>
  );

  return (
    <>
      <PageHeader
        title="User Management"
        description="Roles, access, balances, referral codes and services of every user."
        actions={
          <Button
            variant="outline"
            colorPalette="gray"
            size="sm"
            onClick={() => void users.refetch()}
            loading={users.isFetching && !users.isPending}
            loadingText="Refreshing"
          >
            <RefreshIcon />
            Refresh
          </Button>
        }
      />
      <Stack gap="4">
        <InputGroup startElement={<SearchIcon color="fg.muted" />} maxW={{ base: 'full', md: 'sm' }}>
          <Input
            type="search"
            aria-label="Search users"
            placeholder="Search by name or email"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              details.cancel();
              paged.setPage(1);
            }}
          />
        </InputGroup>
        {content()}
      </Stack>
      <ConfirmDetailsDialog pending={details.pending} saving={details.saving} onAccept={details.accept} onCancel={details.dismiss} />
      <ConfirmChangeDialog
        pending={pendingChange}
        saving={changeRole.isPending || setActivation.isPending}
        onConfirm={confirmChange}
        onCancel={() => setPendingChange(null)}
      />
      <ConfirmDeleteDialog user={pendingDelete} deleting={deleteUser.isPending} onConfirm={confirmDelete} onCancel={() => setPendingDelete(null)} />
      <ConfirmTwoFactorResetDialog
        user={pendingTwoFactorReset}
        resetting={resetTwoFactor.isPending}
        onConfirm={confirmTwoFactorReset}
        onCancel={() => setPendingTwoFactorReset(null)}
      />
      <UserServicesOverlay user={servicesUser} onClose={() => setServicesUser(null)} />
      <ResetLinkDialog key={resetLinkUser?._id ?? 'none'} user={resetLinkUser} onClose={() => setResetLinkUser(null)} />
    </>
  );
};
