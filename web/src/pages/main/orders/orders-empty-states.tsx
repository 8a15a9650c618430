import { Button } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ListIcon, SearchIcon } from '../../../components/ui/icons';

interface EmptyState {
  icon: ReactNode;
  title: string;
  description: string;
  action: ReactElement;
}

/** No order at all: say what fills the page. */
export const noOrdersYet: EmptyState = {
  icon: <ListIcon />,
  title: 'No orders yet',
  description: 'Every label you buy is listed here with its status, price and PDF.',
  action: (
    <Button asChild size="sm">
      <RouterLink to="/main/order-label">Order Label</RouterLink>
    </Button>
  ),
};

/** Test mode and no label bought with a test key yet: say where they come from. */
export const noTestOrdersYet: EmptyState = {
  icon: <ListIcon />,
  title: 'No test labels yet',
  description: 'Labels bought through the API with a test key (ld_test_…) are listed here, apart from your real ones. Make a test key on the Account page.',
  action: (
    <Button asChild size="sm" variant="outline">
      <RouterLink to="/main/account">API keys</RouterLink>
    </Button>
  ),
};

/** Orders exist but none matches: say so, and offer the way back to all of them. */
export const noOrdersMatch = (onClear: () => void): EmptyState => ({
  icon: <SearchIcon />,
  title: 'No orders match',
  description: 'No order matches this search and these filters. Try other words or dates, or clear the filters to see every order.',
  action: (
    <Button size="sm" variant="outline" onClick={onClear}>
      Clear filters
    </Button>
  ),
});
