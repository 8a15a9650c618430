import { Button, Flex, HStack, IconButton, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

export type PageItem = number | 'start-ellipsis' | 'end-ellipsis';

/** Up to this many pages every number is shown; beyond it, ellipses stand in for the rest (spec section 9). */
const MAX_PLAIN_PAGES = 7;

/** Seven slots at most: the first and last pages, the current one with its neighbours, ellipses between. */
export const paginationItems = (page: number, pageCount: number): PageItem[] => {
  if (pageCount <= MAX_PLAIN_PAGES) return Array.from({ length: pageCount }, (_, index) => index + 1);
  if (page <= 4) return [1, 2, 3, 4, 5, 'end-ellipsis', pageCount];
  if (page >= pageCount - 3) return [1, 'start-ellipsis', pageCount - 4, pageCount - 3, pageCount - 2, pageCount - 1, pageCount];
  return [1, 'start-ellipsis', page - 1, page, page + 1, 'end-ellipsis', pageCount];
};

interface PaginationProps {
  page: number;
  pageCount: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** What a row is, for the summary and the navigation's name (`orders`, `addresses`). */
  itemLabel?: string;
}

/** Every table's pager; hidden while everything fits on one page. */
export const Pagination = ({ page, pageCount, pageSize, total, onPageChange, itemLabel = 'rows' }: PaginationProps): ReactElement | null => {
  if (pageCount <= 1) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <Flex
      as="nav"
      aria-label={`Pages of ${itemLabel}`}
      direction={{ base: 'column', sm: 'row' }}
      align="center"
      justify="space-between"
      gap="2"
      pt="3"
    >
      <Text textStyle="sm" color="fg.muted" fontVariantNumeric="tabular-nums">
        {first}–{last} of {total} {itemLabel}
      </Text>
      <HStack gap="1">
        <IconButton
          aria-label="Previous page"
          title="Previous page"
          size="sm"
          variant="ghost"
          colorPalette="gray"
          disabled={page <= 1}
          onClick={() => onPageChange(page - 1)}
        >
          <ChevronLeftIcon />
        </IconButton>
        {paginationItems(page, pageCount).map((item) =>
          typeof item === 'number' ? (
            <Button
              key={item}
              size="sm"
              minW="8"
              px="2"
              variant={item === page ? 'solid' : 'ghost'}
              colorPalette={item === page ? 'brand' : 'gray'}
              aria-label={`Page ${item}`}
              aria-current={item === page ? 'page' : undefined}
              onClick={() => onPageChange(item)}
              fontVariantNumeric="tabular-nums"
            >
              {item}
            </Button>
          ) : (
            <Text key={item} as="span" minW="6" textAlign="center" color="fg.muted" aria-hidden="true">
              …
            </Text>
          ),
        )}
        <IconButton
          aria-label="Next page"
          title="Next page"
          size="sm"
          variant="ghost"
          colorPalette="gray"
          disabled={page >= pageCount}
          onClick={() => onPageChange(page + 1)}
        >
          <ChevronRightIcon />
        </IconButton>
      </HStack>
    </Flex>
  );
};
