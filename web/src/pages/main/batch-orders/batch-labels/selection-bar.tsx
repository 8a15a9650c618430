import { Button, Flex, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { selectionSummary } from './batch-labels-text';

interface SelectionBarProps {
  count: number;
  cents: number;
  voiding: boolean;
  onClear: () => void;
  onVoid: () => void;
}

/** What is selected and what it costs, with Clear selection and Void selected. */
export const SelectionBar = ({ count, cents, voiding, onClear, onVoid }: SelectionBarProps): ReactElement => (
  <Flex as="section" aria-label="Selected labels" gap="3" align="center" justify="space-between" wrap="wrap" borderWidth="1px" rounded="md" px="3" py="2" bg="bg.subtle">
    <Text textStyle="sm" data-testid="selection-summary" aria-live="polite">
      {selectionSummary(count, cents)}
    </Text>
    <Flex gap="2">
      {count > 0 && (
        <Button size="sm" variant="ghost" colorPalette="gray" onClick={onClear}>
          Clear selection
        </Button>
      )}
      <Button size="sm" colorPalette="red" disabled={count === 0 || voiding} onClick={onVoid}>
        Void selected
      </Button>
    </Flex>
  </Flex>
);
