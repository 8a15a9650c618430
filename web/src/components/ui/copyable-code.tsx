import { HStack, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { CopyButton } from './copy-button';

/** A long identifier (tracking number, invoice id): monospace, truncated with the full value on hover, copyable. */
export const CopyableCode = ({ value, label }: { value: string; label: string }): ReactElement => (
  <HStack gap="1">
    <Text as="span" fontFamily="mono" textStyle="xs" maxW="44" truncate title={value}>
      {value}
    </Text>
    <CopyButton value={value} label={label} />
  </HStack>
);
