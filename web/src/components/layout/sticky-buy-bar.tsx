import { Box, Stack } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';
import { FormAlert } from '../ui/form-alert';
import { TestModeBuyReason } from './test-mode';

/**
 * A buying form's bar, stuck to the bottom of the screen so the price and the buy button are always in reach: above
 * them, why buying is unavailable in test mode, and the form's one message.
 */
export const StickyBuyBar = ({ error, children }: { error: string | null | undefined; children: ReactNode }): ReactElement => (
  <Box position="sticky" bottom="0" zIndex="docked" mx={{ base: '-4', md: '0' }} pt="2" pb={{ base: '0', md: '4' }} bg="bg">
    <Stack gap="3" borderWidth="1px" borderColor="border" rounded={{ base: 'none', md: 'lg' }} bg="bg.panel" shadow="md" p={{ base: '3', md: '4' }}>
      <TestModeBuyReason />
      <FormAlert message={error} />
      {children}
    </Stack>
  </Box>
);
