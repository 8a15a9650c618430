import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import type { BulkVoidResponse } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { bulkVoidResultDisplay, bulkVoidTotals } from '../../../../components/orders/label-lifecycle-display';
import { StatusBadge } from '../../../../components/ui/status-badge';
import { formatCents } from '../../../../libs/format';
import { Table } from '../../../../components/ui/responsive-table';

/** What a batch void did: the totals first, then each label's outcome (refused ones with the carrier's reason). */
export const BulkVoidSummary = ({ response, onDismiss }: { response: BulkVoidResponse; onDismiss: () => void }): ReactElement => {
  const totals = bulkVoidTotals(response);
  return (
    <Alert.Root status={response.refused > 0 ? 'warning' : 'success'} alignItems="flex-start" as="section" aria-label="Void results" data-testid="void-summary">
      <Alert.Indicator />
      <Alert.Content gap="3" minW="0">
        <Stack gap="1">
          <Alert.Title>Void results</Alert.Title>
          <Alert.Description>
            <Text data-testid="void-summary-counts">{totals.counts}</Text>
            <Text fontWeight="medium" data-testid="void-summary-money">
              {totals.money}
            </Text>
          </Alert.Description>
        </Stack>
        {response.results.length > 0 && (
          <Table.ScrollArea borderWidth="1px" rounded="md" maxH="72" bg="bg" color="fg" tabIndex={0} aria-label="Each label's result">
            <Table.Root size="sm" stickyHeader aria-label="Void result per label">
              <Table.Header>
                <Table.Row bg="bg.subtle">
                  <Table.ColumnHeader>Tracking number</Table.ColumnHeader>
                  <Table.ColumnHeader>Result</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
                  <Table.ColumnHeader>Reason</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {response.results.map((result) => {
                  const display = bulkVoidResultDisplay(result.result);
                  return (
                    <Table.Row key={result.trackingNumber} data-testid="void-result-row" data-result={result.result}>
                      <Table.Cell fontFamily="mono" textStyle="xs" whiteSpace="nowrap">
                        {result.trackingNumber}
                      </Table.Cell>
                      <Table.Cell>
                        <StatusBadge tone={display.tone}>{display.text}</StatusBadge>
                      </Table.Cell>
                      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                        {formatCents(result.amount)}
                      </Table.Cell>
                      <Table.Cell whiteSpace="normal" minW="40">
                        {result.reason ?? '—'}
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
        <Button size="xs" variant="outline" colorPalette="gray" alignSelf="flex-start" onClick={onDismiss}>
          Dismiss results
        </Button>
      </Alert.Content>
    </Alert.Root>
  );
};
