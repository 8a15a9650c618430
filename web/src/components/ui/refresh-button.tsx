import { Button } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { RefreshIcon } from './icons';

interface RefreshableQuery {
  refetch: () => Promise<unknown>;
  isFetching: boolean;
  isPending: boolean;
}

/** A page header's Refresh: spins while the list reloads in the background (not on its first load). */
export const RefreshButton = ({ query }: { query: RefreshableQuery }): ReactElement => (
  <Button variant="outline" colorPalette="gray" size="sm" onClick={() => void query.refetch()} loading={query.isFetching && !query.isPending} loadingText="Refreshing">
    <RefreshIcon />
    Refresh
  </Button>
);
