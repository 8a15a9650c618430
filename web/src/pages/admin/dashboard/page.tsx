import { Alert, Button, Card, EmptyState, Heading, SimpleGrid, Skeleton, Stack, Table, Text, VStack } from '@chakra-ui/react';
import type { PublicUser } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { InboxIcon, RefreshIcon, ShieldIcon, UsersIcon, AlertIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { StatCard } from '../../../components/ui/stat-card';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { formatDateTime } from '../../../libs/format';
import { useUsers } from '../../../services/users/list-users';

const NEWEST_COUNT = 5;
const roleLabel: Record<PublicUser['user_role'], string> = { user: 'User', friend: 'Friend', admin: 'Admin' };

const newestFirst = (users: readonly PublicUser[]): PublicUser[] =>
  [...users].sort((a, b) => Date.parse(b.registeredDate) - Date.parse(a.registeredDate)).slice(0, NEWEST_COUNT);

const NewestUsersTable = ({ users }: { users: readonly PublicUser[] }): ReactElement => (
  <Table.ScrollArea borderWidth="1px" rounded="md">
    <Table.Root size="sm" stickyHeader>
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <Table.ColumnHeader>Name</Table.ColumnHeader>
          <Table.ColumnHeader>Email</Table.ColumnHeader>
          <Table.ColumnHeader>Role</Table.ColumnHeader>
          <Table.ColumnHeader>Access</Table.ColumnHeader>
          <Table.ColumnHeader>Registered</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {users.map((user) => (
          <Table.Row key={user._id}>
            <Table.Cell fontWeight="medium">{user.name}</Table.Cell>
            <Table.Cell color="fg.muted">{user.email}</Table.Cell>
            <Table.Cell>{roleLabel[user.user_role]}</Table.Cell>
            <Table.Cell>
              {user.activation === 'block' ? (
                <StatusBadge tone="failed">Blocked</StatusBadge>
              ) : (
                <StatusBadge tone="completed">Allowed</StatusBadge>
              )}
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
              {formatDateTime(user.registeredDate)}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  </Table.ScrollArea>
);

const TableSkeleton = (): ReactElement => (
  <Stack gap="2" aria-hidden="true">
    {Array.from({ length: NEWEST_COUNT + 1 }, (_, row) => (
      <Skeleton key={row} height="8" />
    ))}
  </Stack>
);

export const AdminDashboardPage = (): ReactElement => {
  useDocumentTitle('Admin dashboard');
  const users = useUsers();
  const list = users.data ?? [];
  const loading = users.isPending;

  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Who is on the platform, counted from live user data."
        actions={
          <Button variant="outline" colorPalette="gray" size="sm" onClick={() => void users.refetch()} loading={users.isFetching} loadingText="Refreshing">
            <RefreshIcon />
            Refresh
          </Button>
        }
      />

      {users.isError ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Failed to load users</Alert.Title>
            <Alert.Description>Check your connection, then try again.</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => void users.refetch()}>
            Try again
          </Button>
        </Alert.Root>
      ) : (
        <Stack gap="6">
          <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4" as="section" aria-label="User totals">
            <StatCard label="Total Users" value={String(list.length)} icon={<UsersIcon />} loading={loading} />
            <StatCard label="Admins" value={String(list.filter((user) => user.user_role === 'admin').length)} icon={<ShieldIcon />} loading={loading} />
            <StatCard
              label="Blocked Users"
              value={String(list.filter((user) => user.activation === 'block').length)}
              icon={<AlertIcon />}
              loading={loading}
            />
          </SimpleGrid>

          <Card.Root variant="outline" size="sm" as="section" aria-labelledby="newest-users-heading">
            <Card.Header>
              <Heading as="h2" size="md" id="newest-users-heading">
                Newest users
              </Heading>
              <Text color="fg.muted" textStyle="sm">
                The {NEWEST_COUNT} most recent registrations.
              </Text>
            </Card.Header>
            <Card.Body>
              {loading ? (
                <TableSkeleton />
              ) : list.length === 0 ? (
                <EmptyState.Root size="sm">
                  <EmptyState.Content>
                    <EmptyState.Indicator>
                      <InboxIcon />
                    </EmptyState.Indicator>
                    <VStack textAlign="center">
                      <EmptyState.Title>No users yet</EmptyState.Title>
                      <EmptyState.Description>New registrations appear here as soon as people sign up.</EmptyState.Description>
                    </VStack>
                  </EmptyState.Content>
                </EmptyState.Root>
              ) : (
                <NewestUsersTable users={newestFirst(list)} />
              )}
            </Card.Body>
          </Card.Root>
        </Stack>
      )}
    </>
  );
};
