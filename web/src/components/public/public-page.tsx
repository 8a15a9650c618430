import { Box, EmptyState, Flex, Text, VStack } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';
import { ColorModeToggle } from '../ui/color-mode-toggle';
import { AlertIcon } from '../ui/icons';

/** A page a seller shares with a buyer has no app around it: no sign-in, no navigation, only what was shared. */
export const PublicPageLayout = ({ title, children }: { title: string; children: ReactNode }): ReactElement => (
  <Flex direction="column" minH="100dvh" bg="bg.subtle">
    <Flex as="header" h="14" px={{ base: '4', md: '6' }} align="center" justify="space-between" bg="bg" borderBottomWidth="1px">
      <Text fontWeight="semibold">{title}</Text>
      <ColorModeToggle />
    </Flex>
    <Box as="main" flex="1" w="full" maxW="2xl" mx="auto" px={{ base: '4', md: '6' }} py={{ base: '6', md: '10' }}>
      {children}
    </Box>
  </Flex>
);

/** What a shared page says when its link opens nothing (or did not load), with what to do next. */
export const PublicPageUnavailable = ({ title, text, action, testId }: { title: string; text: string; action?: ReactNode; testId: string }): ReactElement => (
  <EmptyState.Root py="16" data-testid={testId}>
    <EmptyState.Content>
      <EmptyState.Indicator>
        <AlertIcon />
      </EmptyState.Indicator>
      <VStack textAlign="center">
        <EmptyState.Title as="h1">{title}</EmptyState.Title>
        <EmptyState.Description>{text}</EmptyState.Description>
      </VStack>
      {action}
    </EmptyState.Content>
  </EmptyState.Root>
);
