import { Card, EmptyState, Heading, Skeleton, Stack, Text, VStack } from '@chakra-ui/react';
import type { PublicUser } from '@labeldesk/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { InboxIcon } from '../../../components/ui/icons';
import { Table } from '../../../components/ui/responsive-table';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDateTime } from '../../../libs/format';
import { LoadError } from './load-error';

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

const NoUsers = (): ReactElement => (
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
);

/** The most recent registrations, newest first. */
export const NewestUsersCard = ({ users }: { users: UseQueryResult<PublicUser[]> }): ReactElement => (
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
        <NoUsers />
      ) : (
        <NewestUsersTable users={newestFirst(users.data)} />
      )}
    </Card.Body>
  </Card.Root>
);
