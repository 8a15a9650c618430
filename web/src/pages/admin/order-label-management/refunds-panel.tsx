import { Box, Flex, Stack, Text } from '@chakra-ui/react';
import { LABEL_STATES, type AdminRefund, type LabelCarrier } from '@labeldesk/contracts';
import { useState, type ReactElement } from 'react';
import { labelStateText } from '../../../components/orders/label-lifecycle-display';
import { LabelStateBadge } from '../../../components/orders/label-lifecycle-badges';
import { UndoIcon } from '../../../components/ui/icons';
import { Pagination } from '../../../components/ui/pagination';
import { QueryState } from '../../../components/ui/query-state';
import { RefreshButton } from '../../../components/ui/refresh-button';
import { SelectField } from '../../../components/ui/select-field';
import { TableSkeleton } from '../../../components/ui/table-states';
import { errorMessage } from '../../../libs/http-client';
import { formatCents, formatDateTime } from '../../../libs/format';
import { ADMIN_REFUNDS_PAGE_SIZE, useAdminRefunds, type RefundStateFilter } from '../../../services/admin/admin-refunds';
import { CARRIER_NAMES } from '../label-costs';
import { Table } from '../../../components/ui/responsive-table';

const REFUND_STATES = LABEL_STATES.filter((state): state is RefundStateFilter => state !== 'purchased');

const REQUESTED_BY: Record<AdminRefund['requestedBy'], string> = { customer: 'Customer', admin: 'Admin', auto: 'Automatic' };

const carrierName = (carrier: string): string => (carrier in CARRIER_NAMES ? CARRIER_NAMES[carrier as LabelCarrier] : carrier);

const isRefundState = (value: string): value is RefundStateFilter => (REFUND_STATES as readonly string[]).includes(value);

const RefundsTable = ({ refunds, stale }: { refunds: readonly AdminRefund[]; stale: boolean }): ReactElement => (
  // Focusable so the keyboard can scroll it: its rows hold nothing else to focus.
  <Table.ScrollArea borderWidth="1px" rounded="md" maxW="full" opacity={stale ? 0.5 : 1} aria-busy={stale} tabIndex={0}>
    <Table.Root size="sm" aria-label="Voids and refunds">
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <Table.ColumnHeader>Requested</Table.ColumnHeader>
          <Table.ColumnHeader>User e-mail</Table.ColumnHeader>
          <Table.ColumnHeader>Tracking number</Table.ColumnHeader>
          <Table.ColumnHeader>Carrier</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Amount</Table.ColumnHeader>
          <Table.ColumnHeader>State</Table.ColumnHeader>
          <Table.ColumnHeader>Requested by</Table.ColumnHeader>
          <Table.ColumnHeader>Reason</Table.ColumnHeader>
          <Table.ColumnHeader>Settled</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {refunds.map((refund) => (
          <Table.Row key={refund.id} data-testid="admin-refund-row" data-state={refund.state}>
            <Table.Cell whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
              {formatDateTime(refund.requestedAt)}
            </Table.Cell>
            <Table.Cell maxW="48">
              <Text truncate title={refund.email ?? refund.userId}>
                {refund.email ?? 'Deleted user'}
              </Text>
              <Text textStyle="xs" color="fg.muted">
                {refund.kind === 'single' ? 'Single label' : 'Batch label'}
              </Text>
            </Table.Cell>
            <Table.Cell fontFamily="mono" textStyle="xs" whiteSpace="nowrap">
              {refund.trackingNumber}
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap">{carrierName(refund.carrier)}</Table.Cell>
            <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
              {formatCents(refund.amount)}
            </Table.Cell>
            <Table.Cell>
              {refund.state === 'purchased' ? <Text textStyle="xs">{labelStateText(refund.state)}</Text> : <LabelStateBadge state={refund.state} />}
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap" title={refund.requestedBy === 'auto' ? 'The daily refund of unused labels' : undefined}>
              {REQUESTED_BY[refund.requestedBy]}
            </Table.Cell>
            <Table.Cell minW="36" maxW="56" whiteSpace="normal" color={refund.reason ? undefined : 'fg.muted'}>
              {refund.reason ?? '—'}
            </Table.Cell>
            <Table.Cell whiteSpace="nowrap" fontVariantNumeric="tabular-nums" color={refund.settledAt ? undefined : 'fg.muted'}>
              {refund.settledAt ? formatDateTime(refund.settledAt) : 'Not yet'}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  </Table.ScrollArea>
);

/** Orders & Labels → Refunds: every customer's voided labels and where their money is, filterable by state. */
export const RefundsPanel = (): ReactElement => {
  const [state, setState] = useState<RefundStateFilter | null>(null);
  const [page, setPage] = useState(1);
  const refunds = useAdminRefunds(state, page);
  const total = refunds.data?.totalCount ?? 0;
  return (
    <Stack gap="4" minW="0">
      <Flex gap="3" align="flex-end" justify="space-between" wrap="wrap">
        <Box w="full" maxW="xs">
          <SelectField
            label="State"
            size="sm"
            value={state ?? ''}
            onChange={(value) => {
              setState(isRefundState(value) ? value : null);
              setPage(1);
            }}
          >
            <option value="">All states</option>
            {REFUND_STATES.map((choice) => (
              <option key={choice} value={choice}>
                {labelStateText(choice)}
              </option>
            ))}
          </SelectField>
        </Box>
        <RefreshButton query={refunds} />
      </Flex>
      <QueryState
        query={refunds}
        loading={<TableSkeleton rows={8} label="Loading refunds" />}
        error={{ title: 'Failed to load refunds', description: errorMessage(refunds.error, 'Check your connection, then try again.') }}
        isEmpty={(data) => data.refunds.length === 0}
        empty={{
          icon: <UndoIcon />,
          title: 'No refunds found',
          description: state ? 'No voided label is in this state. Choose All states to see every one.' : 'No label has been voided yet.',
        }}
      >
        {(data) => (
          <>
            <RefundsTable refunds={data.refunds} stale={refunds.isPlaceholderData} />
            <Pagination
              page={page}
              pageCount={Math.ceil(total / ADMIN_REFUNDS_PAGE_SIZE)}
              pageSize={ADMIN_REFUNDS_PAGE_SIZE}
              total={total}
              onPageChange={setPage}
              itemLabel="refunds"
            />
          </>
        )}
      </QueryState>
    </Stack>
  );
};
