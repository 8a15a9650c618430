import { Badge, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { FileIcon, UndoIcon } from '../../../components/ui/icons';
import { TableEmpty } from '../../../components/ui/table-states';
import { BulkTable } from './bulk-table';
import type { BulkTableProps } from './bulk-table';
import { zipFixCount } from './bulk-zip-fixes';

interface BulkItemsProps extends BulkTableProps {
  invalidCount: number;
  /** How long the last file took to read, for the browser tests' measurement. */
  parseMs: number | null;
  onReset: () => void;
  onAcceptAllSuggestions: () => void;
  onFixAllZips: () => void;
}

/** 'Bulk Order Items': the row count, Reset, and the editable table, or what to do when there are no rows yet. */
export const BulkItems = ({ invalidCount, parseMs, onReset, onAcceptAllSuggestions, onFixAllZips, ...table }: BulkItemsProps): ReactElement => {
  const { rows, readOnly, suggestions, zipFixes } = table;
  const suggested = suggestions?.size ?? 0;
  const zipsToFix = zipFixes ? zipFixCount(zipFixes) : 0;
  return (
    <Stack as="section" aria-labelledby="bulk-items-heading" gap="2">
      <Flex align="center" justify="space-between" gap="3" wrap="wrap">
        <Flex align="center" gap="2" minW="0">
          <Heading as="h2" size="md" id="bulk-items-heading" scrollMarginTop="20">
            Bulk Order Items
          </Heading>
          {rows.length > 0 && (
            <Badge colorPalette={invalidCount > 0 ? 'red' : 'gray'} variant="subtle" data-testid="bulk-items-badge" data-parse-ms={parseMs ?? undefined}>
              {rows.length.toLocaleString('en-US')} rows{invalidCount > 0 ? ` · ${invalidCount.toLocaleString('en-US')} with errors` : ''}
            </Badge>
          )}
        </Flex>
        {rows.length > 0 && (
          <Flex align="center" gap="2" wrap="wrap">
            {/* One ZIP is fixed on its row; "Fix all" is for a file where a spreadsheet dropped the zeros of many. */}
            {zipsToFix > 1 && (
              <Button size="xs" variant="outline" colorPalette="brand" onClick={onFixAllZips} disabled={readOnly} data-testid="bulk-fix-all-zips">
                Fix all {zipsToFix.toLocaleString('en-US')} ZIP codes
              </Button>
            )}
            {suggested > 0 && (
              <Button size="xs" variant="outline" colorPalette="brand" onClick={onAcceptAllSuggestions} disabled={readOnly} data-testid="bulk-accept-all-suggestions">
                Accept all suggestions ({suggested.toLocaleString('en-US')})
              </Button>
            )}
            <Button size="xs" variant="ghost" colorPalette="gray" onClick={onReset} disabled={readOnly}>
              <UndoIcon />
              Reset
            </Button>
          </Flex>
        )}
      </Flex>
      {rows.length > 0 ? (
        <>
          <Text textStyle="xs" color="fg.muted">
            Click a cell to edit it; Enter keeps the change, Escape undoes it. Cells in red need fixing before you submit.
          </Text>
          <BulkTable {...table} />
        </>
      ) : (
        <TableEmpty
          icon={<FileIcon />}
          title="No rows yet"
          description="Upload an Amazon unshipped-orders .txt file or a CSV made from the Bulk Template. Every row appears here to check and edit before you submit."
        />
      )}
    </Stack>
  );
};
