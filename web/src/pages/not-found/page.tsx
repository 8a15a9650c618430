import { Button, EmptyState, Flex, VStack } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PublicTopBar } from '../../components/layout/public-top-bar';
import { AlertIcon } from '../../components/ui/icons';
import { useDocumentTitle } from '../../hooks/use-document-title';

export const NotFoundPage = (): ReactElement => {
  useDocumentTitle('Page not found');
  return (
    <Flex direction="column" minH="100dvh">
      <PublicTopBar />
      <Flex as="main" flex="1" align="center" justify="center" px="4">
        <EmptyState.Root>
          <EmptyState.Content>
            <EmptyState.Indicator>
              <AlertIcon />
            </EmptyState.Indicator>
            <VStack textAlign="center">
              <EmptyState.Title as="h1">Page not found</EmptyState.Title>
              <EmptyState.Description>This page does not exist. Check the address, or start again from the home page.</EmptyState.Description>
            </VStack>
            <Button asChild>
              <RouterLink to="/">Go to the home page</RouterLink>
            </Button>
          </EmptyState.Content>
        </EmptyState.Root>
      </Flex>
    </Flex>
  );
};
