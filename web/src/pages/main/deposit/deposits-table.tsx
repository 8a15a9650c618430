import { Text } from '@chakra-ui/react';
import type { Deposit } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { DepositStatusCell } from '../../../components/payments/deposit-status';
import { CopyableCode } from '../../../components/ui/copyable-code';
import { formatCents, formatDateTime } from '../../../libs/format';
import { Table } from '../../../components/ui/responsive-table';

const Missing = (): ReactElement => (
  <Text as="span" color="fg.muted">
    --
  </Text>
);

/** Spec section 2, Deposit: the history, newest first; createdTime is in unix seconds, amounts in cents. */
export const DepositsTable = ({ deposits }: { deposits: readonly Deposit[] }): ReactElement => (
  <Table.ScrollArea borderWidth="1px" rounded="md">
    <Table.Root size="sm" stickyHeader aria-label="Deposit history">
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <Table.ColumnHeader>Date &amp; Time</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Amount ($)</Table.ColumnHeader>
          <Table.ColumnHeader>Status</Table.ColumnHeader>
          <Table.ColumnHeader>Invoice</Table.ColumnHeader>
          <Table.ColumnHeader>Note</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {deposits.map((deposit) => (
          <Table.Row key={deposit._id} data-testid="deposit-row" data-status={deposit.status} data-test={deposit.test || undefined}>
            <Table.Cell whiteSpace="nowrap">{formatDateTime(deposit.createdTime * 1000)}</Table.Cell>
            <Table.Cell textAlign="end" whiteSpace="nowrap" fontWeight="medium" fontVariantNumeric="tabular-nums">
              {formatCents(deposit.amount)}
            </Table.Cell>
            <Table.Cell>
              <DepositStatusCell deposit={deposit} />
            </Table.Cell>
            <Table.Cell>
              {deposit.invoiceId ? (
                <CopyableCode value={deposit.invoiceId} label="Copy invoice id" />
              ) : (
                <Missing />
              )}
            </Table.Cell>
            <Table.Cell minW="48" maxW="80" textStyle="xs" color={deposit.note ? 'fg' : undefined}>
              {deposit.note ?? <Missing />}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  </Table.ScrollArea>
);
