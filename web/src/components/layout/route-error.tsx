import { Button, EmptyState, Flex, VStack } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { AlertIcon } from '../ui/icons';

/** Shown when a page fails to load or render (for example a script chunk that never arrived). */
export const RouteError = (): ReactElement => (
  <Flex minH="100dvh" align="center" justify="center" px="4">
    <EmptyState.Root>
      <EmptyState.Content>
        <EmptyState.Indicator>
          <AlertIcon />
        </EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title as="h1">Something went wrong</EmptyState.Title>
          <EmptyState.Description>This page could not be shown. Reload to try again.</EmptyState.Description>
        </VStack>
        <Button onClick={() => window.location.reload()}>Reload</Button>
      </EmptyState.Content>
    </EmptyState.Root>
  </Flex>
);
