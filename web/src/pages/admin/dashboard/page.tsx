import { Alert, Button, Card, EmptyState, Heading, SimpleGrid, Skeleton, Stack, Text, VStack } from '@chakra-ui/react';
import type { PublicUser } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { AlertIcon, InboxIcon, LayersIcon, ListIcon, PrinterIcon, RefreshIcon, UsersIcon, WalletIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { StatCard } from '../../../components/ui/stat-card';
import { StatusBadge } from '../../../components/ui/status-badge';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { formatCents, formatDateTime } from '../../../libs/format';
import { useAdminStats } from '../../../services/admin/admin-stats';
import { ActivityChart } from './activity-chart';
import { CarrierAlerts } from './carrier-alerts';
import { MarginsCard } from './margins-card';
import { useCarrierAlerts } from '../../../services/admin/carrier-alerts';
import { useUsers } from '../../../services/users/list-users';
import { Table } from '../../../components/ui/responsive-table';

const NEWEST_COUNT = 5;
const roleLabel: Record<PublicUser['user_role'], string> = { user: 'User', friend: 'Friend', admin: 'Admin' };

const newestFirst = (users: readonly PublicUser[]): PublicUser[] =>
  [...users].sort((a, b) => Date.parse(b.registeredDate) - Date.parse(a.registeredDate)).slice(0, NEWEST_COUNT);

const NewestUsersTable = ({ users }: { users: readonly PublicUser[] }): ReactElement => (
  // Focusable so the keyboard can scroll it on a narrow screen: the table holds nothing else to focus.
  <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0}>
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

const LoadError = ({ title, onRetry }: { title: string; onRetry: () => void }): ReactElement => (
  <Alert.Root status="error">
    <Alert.Indicator />
    <Alert.Content>
      <Alert.Title>{title}</Alert.Title>
      <Alert.Description>Check your connection, then try again.</Alert.Description>
    </Alert.Content>
    <Button size="sm" variant="outline" colorPalette="red" onClick={onRetry}>
      Try again
    </Button>
  </Alert.Root>
);

/** Spec 2 "Dashboard" was sample data; this one counts the live business (days are UTC days). */
export const AdminDashboardPage = (): ReactElement => {
  useDocumentTitle('Admin dashboard');
  const stats = useAdminStats();
  const users = useUsers();
  const carrierAlerts = useCarrierAlerts();
  const figures = stats.data;
  const loading = stats.isPending;
  const refresh = () => {
    void stats.refetch();
    void users.refetch();
    void carrierAlerts.refetch();
  };

  return (
    <>
      <PageHeader
        title="Dashboard"
        description="The business at a glance: totals, today (UTC) and the last 30 days."
        actions={
          <Button variant="outline" colorPalette="gray" size="sm" onClick={refresh} loading={stats.isFetching || users.isFetching} loadingText="Refreshing">
            <RefreshIcon />
            Refresh
          </Button>
        }
      />

      <Stack gap="6">
        <CarrierAlerts alerts={carrierAlerts.data?.alerts} />
        {stats.isError ? (
          <LoadError title="Failed to load the figures" onRetry={() => void stats.refetch()} />
        ) : (
          <>
            <SimpleGrid columns={{ base: 1, sm: 2, xl: 4 }} gap="4" as="section" aria-label="Business totals">
              <StatCard label="Users" value={String(figures?.users.total ?? 0)} hint={`${figures?.users.today ?? 0} new today`} icon={<UsersIcon />} loading={loading} />
              <StatCard label="Orders" value={String(figures?.orders.total ?? 0)} hint={`${figures?.orders.today ?? 0} today`} icon={<ListIcon />} loading={loading} />
              <StatCard label="Labels" value={String(figures?.labels.total ?? 0)} hint={`${figures?.labels.today ?? 0} today`} icon={<PrinterIcon />} loading={loading} />
              <StatCard
                label="Revenue"
                value={formatCents(figures?.revenueCents.total ?? 0)}
                hint={`${formatCents(figures?.revenueCents.today ?? 0)} today`}
                icon={<WalletIcon />}
                loading={loading}
              />
              <StatCard
                label="Deposits"
                value={formatCents(figures?.deposits.totalCents ?? 0)}
                hint={`${figures?.deposits.count ?? 0} in total, ${formatCents(figures?.deposits.todayCents ?? 0)} today`}
                icon={<WalletIcon />}
                loading={loading}
              />
              <StatCard label="Batches in progress" value={String(figures?.batches.pending ?? 0)} hint="Processing, retrying or making files" icon={<LayersIcon />} loading={loading} />
              <StatCard label="Failed batches" value={String(figures?.batches.failed ?? 0)} hint="Failed or stopped with an error" icon={<AlertIcon />} loading={loading} />
            </SimpleGrid>

            <MarginsCard margins={figures?.margins} loading={loading} />

            <Card.Root variant="outline" size="sm" as="section" aria-labelledby="activity-heading">
              <Card.Header>
                <Heading as="h2" size="md" id="activity-heading">
                  Labels and revenue per day
                </Heading>
                <Text color="fg.muted" textStyle="sm">
                  The last 30 days (UTC). Revenue is labels charged less labels refunded.
                </Text>
              </Card.Header>
              <Card.Body>{loading || !figures ? <Skeleton height="64" /> : <ActivityChart perDay={figures.perDay} />}</Card.Body>
            </Card.Root>
          </>
        )}

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
            {users.isError ? (
              <LoadError title="Failed to load users" onRetry={() => void users.refetch()} />
            ) : users.isPending ? (
              <TableSkeleton />
            ) : users.data.length === 0 ? (
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
              <NewestUsersTable users={newestFirst(users.data)} />
            )}
          </Card.Body>
        </Card.Root>
      </Stack>
    </>
  );
};
