import { Button, Flex, type FlexProps } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { SearchIcon } from '../ui/icons';

interface SearchFormButtonsProps extends Omit<FlexProps, 'children'> {
  onClear: () => void;
  /** Search waits while the days are the wrong way round. */
  searchDisabled: boolean;
}

/** A search form's "Clear filters" and "Search" (the form's submit), at its end. */
export const SearchFormButtons = ({ onClear, searchDisabled, ...layout }: SearchFormButtonsProps): ReactElement => (
  <Flex gap="2" justify="flex-end" {...layout}>
    <Button type="button" size="sm" variant="ghost" colorPalette="gray" onClick={onClear}>
      Clear filters
    </Button>
    <Button type="submit" size="sm" disabled={searchDisabled}>
      <SearchIcon />
      Search
    </Button>
  </Flex>
);
