import { Alert, Button, EmptyState, Skeleton, Stack, VStack } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';
import { InboxIcon } from './icons';

/** Placeholder rows shaped like the table that is loading. */
export const TableSkeleton = ({ rows, label = 'Loading' }: { rows: number; label?: string }): ReactElement => (
  <Stack gap="2" role="status" aria-label={label}>
    <Skeleton height="9" />
    {Array.from({ length: rows }, (_, row) => (
      <Skeleton key={row} height="8" opacity={1 - row * 0.1} />
    ))}
  </Stack>
);

export interface TableEmptyProps {
  title: string;
  /** What to do next. */
  description: string;
  icon?: ReactNode;
  action?: ReactNode;
}

export const TableEmpty = ({ title, description, icon, action }: TableEmptyProps): ReactElement => (
  <EmptyState.Root size="sm" borderWidth="1px" borderStyle="dashed" rounded="md">
    <EmptyState.Content>
      <EmptyState.Indicator>{icon ?? <InboxIcon />}</EmptyState.Indicator>
      <VStack textAlign="center" gap="1">
        <EmptyState.Title>{title}</EmptyState.Title>
        <EmptyState.Description>{description}</EmptyState.Description>
      </VStack>
      {action}
    </EmptyState.Content>
  </EmptyState.Root>
);

export interface TableErrorProps {
  title: string;
  description?: string;
  onRetry?: () => void;
  retrying?: boolean;
}

export const TableError = ({ title, description = 'Check your connection, then try again.', onRetry, retrying = false }: TableErrorProps): ReactElement => (
  <Alert.Root status="error" alignItems="center">
    <Alert.Indicator />
    <Alert.Content>
      <Alert.Title>{title}</Alert.Title>
      <Alert.Description>{description}</Alert.Description>
    </Alert.Content>
    {onRetry && (
      <Button size="sm" variant="outline" colorPalette="red" onClick={onRetry} loading={retrying}>
        Try again
      </Button>
    )}
  </Alert.Root>
);
