import { Input, InputGroup, Stack } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { SearchIcon, UsersIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { RefreshButton } from '../../../components/ui/refresh-button';
import { TableSkeleton } from '../../../components/ui/table-states';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { ConfirmChangeDialog } from './confirm-change-dialog';
import { ConfirmDeleteDialog } from './confirm-delete-dialog';
import { ConfirmDetailsDialog } from './confirm-details-dialog';
import { ConfirmTwoFactorResetDialog } from './confirm-two-factor-reset-dialog';
import { ResetLinkDialog } from './reset-link-dialog';
import { USERS_PAGE_SIZE, useUserManagement } from './use-user-management';
import { UserServicesOverlay } from './user-services-overlay';
import { UsersList } from './users-list';

export const UserManagementPage = (): ReactElement => {
  useDocumentTitle('User Management');
  const page = useUserManagement();
  const { users, search, details, accessChange, deletion, twoFactorReset } = page;
  const searching = search.trim() !== '';

  return (
    <>
      <PageHeader title="User Management" description="Roles, access, balances, referral codes and services of every user." actions={<RefreshButton query={users} />} />
      <Stack gap="4">
        <InputGroup startElement={<SearchIcon color="fg.muted" />} maxW={{ base: 'full', md: 'sm' }}>
          <Input type="search" aria-label="Search users" placeholder="Search by name or email" value={search} onChange={(event) => page.onSearch(event.target.value)} />
        </InputGroup>
        <QueryState
          query={users}
          loading={<TableSkeleton rows={USERS_PAGE_SIZE} label="Loading users" />}
          error={{ title: 'Failed to load users' }}
          isEmpty={() => page.filtered.length === 0}
          empty={{
            icon: <UsersIcon />,
            title: searching ? 'No users match your search' : 'No users yet',
            description: searching ? 'Check the spelling, or search by another part of the name or email.' : 'People appear here as soon as they register.',
          }}
        >
          {() => <UsersList table={page.table} pager={page.pager} />}
        </QueryState>
      </Stack>
      <ConfirmDetailsDialog pending={details.pending} saving={details.saving} onAccept={details.accept} onCancel={details.dismiss} />
      <ConfirmChangeDialog pending={accessChange.pending} saving={accessChange.saving} onConfirm={accessChange.confirm} onCancel={accessChange.cancel} />
      <ConfirmDeleteDialog user={deletion.user} deleting={deletion.pending} onConfirm={deletion.confirm} onCancel={deletion.cancel} />
      <ConfirmTwoFactorResetDialog user={twoFactorReset.user} resetting={twoFactorReset.pending} onConfirm={twoFactorReset.confirm} onCancel={twoFactorReset.cancel} />
      <UserServicesOverlay user={page.servicesUser} onClose={() => page.setServicesUser(null)} />
      <ResetLinkDialog key={page.resetLinkUser?._id ?? 'none'} user={page.resetLinkUser} onClose={() => page.setResetLinkUser(null)} />
    </>
  );
};
