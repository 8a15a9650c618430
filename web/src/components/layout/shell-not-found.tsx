import { Button, EmptyState, VStack } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { AlertIcon } from '../ui/icons';

/**
 * An unknown address: said once, inside the area's own layout (/main, /admin or the public pages), with the way
 * back. A redirect would hide a broken link (and a relative one grew the address forever).
 */
export const ShellNotFound = ({ homeTo, homeLabel }: { homeTo: string; homeLabel: string }): ReactElement => {
  useDocumentTitle('Page not found');
  return (
    <EmptyState.Root py="16">
      <EmptyState.Content>
        <EmptyState.Indicator>
          <AlertIcon />
        </EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title as="h1">Page not found</EmptyState.Title>
          <EmptyState.Description>There is no page at this address. Check the link, or go back to where you were.</EmptyState.Description>
        </VStack>
        <Button asChild>
          <RouterLink to={homeTo}>{homeLabel}</RouterLink>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
};
