import { Box, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { PublicUser } from '@labeldesk/contracts';
import { useMemo, useState } from 'react';
import type { ReactElement } from 'react';
import { UploadIcon, UsersIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { StatCard } from '../../../components/ui/stat-card';
import { QueryState } from '../../../components/ui/query-state';
import { TableEmpty, TableError, TableSkeleton } from '../../../components/ui/table-states';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { usePagedRows } from '../../../hooks/use-paged-rows';
import { errorMessage } from '../../../libs/http-client';
import { formatCents } from '../../../libs/format';
import { INVITED_USERS_PAGE_SIZE, useInvitedUsers } from '../../../services/invites/list-invited-users';
import { useUsers } from '../../../services/users/list-users';
import { DEFAULT_INVITED_SORT, nextSort, sortInvitedUsers } from './invited-users-sort';
import type { InvitedSort, InvitedSortKey } from './invited-users-sort';
import { ReferralBonusCard } from './referral-bonus-form';
import { ReferralCodeForm } from './referral-code-form';
import { SortableInvitedTable } from './sortable-invited-table';

/** Spec section 8: the server's error, else this. */
const LOAD_FALLBACK = 'An error occurred while loading the data';

/** The selected user's invitees: summary cards over the whole list, the table a page at a time. */
const InvitedUsersSection = ({ user }: { user: PublicUser | null }): ReactElement => {
  const invited = useInvitedUsers(user?._id ?? null);
  const [sort, setSort] = useState<InvitedSort>(DEFAULT_INVITED_SORT);
  const sorted = useMemo(() => sortInvitedUsers(invited.data ?? [], sort), [invited.data, sort]);
  const paged = usePagedRows(sorted, INVITED_USERS_PAGE_SIZE);
  const totalDeposited = useMemo(() => sorted.reduce((sum, row) => sum + row.totalDeposit, 0), [sorted]);

  if (user && invited.isError) {
    return (
      <TableError
        title="Failed to load invited users"
        description={errorMessage(invited.error, LOAD_FALLBACK)}
        onRetry={() => void invited.refetch()}
        retrying={invited.isFetching}
      />
    );
  }

  const loading = user !== null && invited.isPending;
  const onSort = (key: InvitedSortKey) => {
    setSort((current) => nextSort(current, key));
    paged.setPage(1);
  };

  const table = (): ReactElement => {
    if (!user) {
      return <TableEmpty icon={<UsersIcon />} title="No user selected" description="Choose a user above to see who signed up with their code." />;
    }
    if (loading) return <TableSkeleton rows={INVITED_USERS_PAGE_SIZE} label="Loading invited users" />;
    if (paged.total === 0) {
      return <TableEmpty icon={<UsersIcon />} title="No invited users found" description={`Nobody has signed up with ${user.name}'s code yet.`} />;
    }
    return (
      <>
        <SortableInvitedTable users={paged.pageRows} sort={sort} onSort={onSort} />
        <Pagination page={paged.page} pageCount={paged.pageCount} pageSize={paged.pageSize} total={paged.total} onPageChange={paged.setPage} itemLabel="invited users" />
      </>
    );
  };

  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" as="section" aria-label="Referral totals">
        <StatCard label="Total Invited Users" value={user ? String(paged.total) : '--'} icon={<UsersIcon />} loading={loading} />
        <StatCard label="Total Deposited" value={user ? formatCents(totalDeposited) : '--'} icon={<UploadIcon />} loading={loading} />
      </SimpleGrid>
      <Stack as="section" aria-labelledby="invited-users-heading" gap="3">
        <Box>
          <Heading as="h2" size="md" id="invited-users-heading">
            Invited Users
          </Heading>
          <Text color="fg.muted" textStyle="sm">
            {user ? `Everyone who signed up with ${user.name}'s code. Click a column to sort.` : 'Everyone who signed up with the selected user\'s code.'}
          </Text>
        </Box>
        {table()}
      </Stack>
    </Stack>
  );
};

/** Spec section 2, Referral management: a user's referral code, and who signed up with it. */
export const ReferralManagementPage = (): ReactElement => {
  useDocumentTitle('Referral Management');
  const users = useUsers();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selected = users.data?.find((user) => user._id === selectedId) ?? null;

  const content = (): ReactElement => (
    // Spec section 8: 'Failed to load users' replaces the page with a red message.
    <QueryState
      query={users}
      loading={<TableSkeleton rows={INVITED_USERS_PAGE_SIZE} label="Loading users" />}
      error={{ title: 'Failed to load users', description: errorMessage(users.error, LOAD_FALLBACK) }}
    >
      {(data) => (
        <Stack gap="6">
          <Card.Root variant="outline" size="sm">
            <Card.Body>
              <ReferralCodeForm users={data} selected={selected} onSelect={(id) => setSelectedId(id || null)} />
            </Card.Body>
          </Card.Root>
          {/* Keyed by user: another user's list starts on page 1 with the default order. */}
          <InvitedUsersSection key={selected?._id ?? 'none'} user={selected} />
        </Stack>
      )}
    </QueryState>
  );

  return (
    <>
      <PageHeader title="Referral Management" description="Set the referral bonus and a user's referral code, and see who signed up with it." />
      <Stack gap="6">
        <ReferralBonusCard />
        {content()}
      </Stack>
    </>
  );
};
