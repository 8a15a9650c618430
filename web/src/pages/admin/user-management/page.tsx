import { Button, Input, InputGroup, Stack } from '@chakra-ui/react';
import type { Activation, LoginResponse, PublicUser, UserRole } from '@labeldesk/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { RefreshIcon, SearchIcon, UsersIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { TableEmpty, TableError, TableSkeleton } from '../../../components/ui/table-states';
import { notify } from '../../../components/ui/toaster';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { DEFAULT_PAGE_SIZE, usePagedRows } from '../../../hooks/use-paged-rows';
import { errorMessage } from '../../../libs/http-client';
import { newIdempotencyKey } from '../../../libs/idempotency-key';
import { useChangeUserRole } from '../../../services/users/change-role';
import { useUsers } from '../../../services/users/list-users';
import { useLoginAsUser } from '../../../services/users/login-as-user';
import { useSetUserActivation } from '../../../services/users/set-activation';
import { useUpdateUserDetails } from '../../../services/users/update-user-details';
import { useAuthStore } from '../../../stores/auth.store';
import { ConfirmDetailsDialog } from './confirm-details-dialog';
import type { PendingDetails } from './confirm-details-dialog';
import { checkDraft, draftFor } from './user-details';
import type { DetailsDraft, DetailsErrors } from './user-details';
import { roleLabel, UsersTable } from './users-table';

/** Spec section 4: after 'login as', the customer area opens 1.5 s later. */
const LOGIN_AS_REDIRECT_MS = 1_500;

const matches = (user: PublicUser, query: string): boolean => {
  const needle = query.trim().toLowerCase();
  return needle === '' || user.name.toLowerCase().includes(needle) || user.email.toLowerCase().includes(needle);
};

const sum = (users: readonly PublicUser[], pick: (user: PublicUser) => number): number => users.reduce((total, user) => total + pick(user), 0);

export const UserManagementPage = (): ReactElement => {
  useDocumentTitle('User Management');
  const meId = useAuthStore((state) => state.user?._id ?? '');
  const users = useUsers();
  const updateDetails = useUpdateUserDetails();
  const changeRole = useChangeUserRole();
  const setActivation = useSetUserActivation();
  const loginAs = useLoginAsUser();

  const [search, setSearch] = useState('');
  const [draft, setDraft] = useState<DetailsDraft | null>(null);
  const [draftErrors, setDraftErrors] = useState<DetailsErrors>({});
  const [pending, setPending] = useState<PendingDetails | null>(null);
  const [busyUserId, setBusyUserId] = useState<string | null>(null);
  const [redirecting, setRedirecting] = useState(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The session to switch to once the admin area is gone. */
  const handoff = useRef<LoginResponse | null>(null);
  const navigate = useNavigate();

  // The switch happens as this page unmounts on the way to /main/dashboard: switched while the admin area was
  // still on screen, its guard would see a customer and send the browser to the landing page instead.
  // Leaving the page before the redirect keeps the admin's own session.
  useEffect(
    () => () => {
      clearTimeout(redirectTimer.current);
      const session = handoff.current;
      if (session) useAuthStore.getState().setSession(session.token, session.user);
    },
    [],
  );

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

  const cancelEdit = () => {
    setDraft(null);
    setDraftErrors({});
  };

  const save = (user: PublicUser) => {
    if (!draft) return;
    const checked = checkDraft(user, draft);
    if ('errors' in checked) {
      setDraftErrors(checked.errors);
      return;
    }
    setDraftErrors({});
    setPending({ user, body: checked.body, idempotencyKey: newIdempotencyKey() });
  };

  /** Spec section 8: after a failed update the list is read again; if that fails too, the page must be reloaded. */
  const refetchAfterFailure = async () => {
    const result = await users.refetch();
    if (result.isError) notify.error('Error refreshing data. Please reload the page.');
  };

  const accept = () => {
    if (!pending || updateDetails.isPending) return;
    updateDetails.mutate(
      { id: pending.user._id, body: pending.body, idempotencyKey: pending.idempotencyKey },
      {
        onSuccess: () => {
          notify.success('User details updated successfully!');
          setPending(null);
          cancelEdit();
          void users.refetch();
        },
        onError: (error) => {
          notify.error(errorMessage(error, 'Failed to update user details.'));
          setPending(null);
          void refetchAfterFailure();
        },
      },
    );
  };

  const onRoleChange = (user: PublicUser, role: UserRole) => {
    setBusyUserId(user._id);
    changeRole.mutate(
      { userId: user._id, role },
      {
        onSuccess: (updated) => notify.success(`Role of ${updated.name} set to ${roleLabel[updated.user_role]}`),
        onError: (error) => notify.error(errorMessage(error, 'Failed to update role')),
        onSettled: () => setBusyUserId(null),
      },
    );
  };

  const onAccessChange = (user: PublicUser, activation: Activation) => {
    setBusyUserId(user._id);
    setActivation.mutate(
      { userId: user._id, activation },
      {
        onSuccess: (updated) => notify.success(`Access ${updated.activation === 'allow' ? 'allowed' : 'blocked'} for ${updated.name}`),
        onError: (error) => notify.error(errorMessage(error, 'Failed to update access')),
        onSettled: () => setBusyUserId(null),
      },
    );
  };

  const onLoginAs = (user: PublicUser) => {
    if (loginAs.isPending || redirecting) return;
    loginAs.mutate(user._id, {
      onSuccess: ({ token, user: target }) => {
        notify.success('Successfully logged in as user. Redirecting...');
        setRedirecting(true);
        redirectTimer.current = setTimeout(() => {
          handoff.current = { token, user: target };
          void navigate('/main/dashboard', { replace: true });
        }, LOGIN_AS_REDIRECT_MS);
      },
      onError: (error) => notify.error(errorMessage(error, 'Failed to login as user')),
    });
  };

  const content = (): ReactElement => {
    if (users.isPending) return <TableSkeleton rows={DEFAULT_PAGE_SIZE} label="Loading users" />;
    if (users.isError) return <TableError title="Failed to load users" onRetry={() => void users.refetch()} retrying={users.isFetching} />;
    if (filtered.length === 0) {
      return (
        <TableEmpty
          icon={<UsersIcon />}
          title={search.trim() ? 'No users match your search' : 'No users yet'}
          description={search.trim() ? 'Check the spelling, or search by another part of the name or email.' : 'People appear here as soon as they register.'}
        />
      );
    }
    return (
      <>
        <UsersTable
          users={paged.pageRows}
          start={paged.start}
          totals={totals}
          meId={meId}
          draft={draft}
          draftErrors={draftErrors}
          busyUserId={busyUserId}
          loginAsLocked={loginAs.isPending || redirecting}
          onEdit={(user) => {
            setDraft(draftFor(user));
            setDraftErrors({});
          }}
          onDraftChange={(patch) => setDraft((current) => (current ? { ...current, ...patch } : current))}
          onSave={save}
          onCancel={cancelEdit}
          onRoleChange={onRoleChange}
          onAccessChange={onAccessChange}
          onLoginAs={onLoginAs}
        />
        <Pagination
          page={paged.page}
          pageCount={paged.pageCount}
          pageSize={paged.pageSize}
          total={paged.total}
          itemLabel="users"
          onPageChange={(page) => {
            cancelEdit();
            paged.setPage(page);
          }}
        />
      </>
    );
  };

  return (
    <>
      <PageHeader
        title="User Management"
        description="Roles, access, balances and referral codes of every user."
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
              cancelEdit();
              paged.setPage(1);
            }}
          />
        </InputGroup>
        {content()}
      </Stack>
      <ConfirmDetailsDialog pending={pending} saving={updateDetails.isPending} onAccept={accept} onCancel={() => setPending(null)} />
    </>
  );
};
