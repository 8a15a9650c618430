import { Alert, Button, DataList, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { DepositStatus, TestInvoice, TestInvoiceOutcome } from '@labeldesk/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { DepositStatusBadge } from '../../../components/payments/deposit-status';
import { CopyButton } from '../../../components/ui/copy-button';
import { FormAlert } from '../../../components/ui/form-alert';
import { errorMessage } from '../../../libs/http-client';
import { formatCents, formatDateTime } from '../../../libs/format';
import { settledMoneyText } from './test-invoice-outcome';
import type { TestInvoiceStage } from './test-invoice-outcome';

export const TestMoneyWarning = (): ReactElement => (
  <Alert.Root status="warning" variant="subtle">
    <Alert.Indicator />
    <Alert.Content>
      <Alert.Title>This is TEST MONEY</Alert.Title>
      <Alert.Description>It comes from the built-in test payment provider: no real payment is taken and no Bitcoin moves.</Alert.Description>
    </Alert.Content>
  </Alert.Root>
);

const InvoiceDataList = ({ data, status }: { data: TestInvoice; status: DepositStatus }): ReactElement => (
  <DataList.Root orientation="horizontal" size="sm">
    <DataList.Item>
      <DataList.ItemLabel>Amount</DataList.ItemLabel>
      <DataList.ItemValue fontWeight="semibold" fontVariantNumeric="tabular-nums" data-testid="test-invoice-amount">
        {formatCents(data.amount)}
      </DataList.ItemValue>
    </DataList.Item>
    <DataList.Item>
      <DataList.ItemLabel>Invoice</DataList.ItemLabel>
      <DataList.ItemValue alignItems="center" gap="1" minW="0">
        <Text as="span" fontFamily="mono" textStyle="xs" wordBreak="break-all" data-testid="test-invoice-id">
          {data.id}
        </Text>
        <CopyButton value={data.id} label="Copy invoice id" />
      </DataList.ItemValue>
    </DataList.Item>
    <DataList.Item>
      <DataList.ItemLabel>Expires</DataList.ItemLabel>
      <DataList.ItemValue fontVariantNumeric="tabular-nums">{formatDateTime(data.expiresAt)}</DataList.ItemValue>
    </DataList.Item>
    <DataList.Item>
      <DataList.ItemLabel>Status</DataList.ItemLabel>
      <DataList.ItemValue data-testid="test-invoice-status">
        <DepositStatusBadge status={status} />
      </DataList.ItemValue>
    </DataList.Item>
  </DataList.Root>
);

interface InvoiceDetailsProps {
  invoice: UseQueryResult<TestInvoice>;
  /** The status the server last answered, which wins over the invoice read before it. */
  status: DepositStatus | undefined;
}

/** The invoice's amount, id, expiry and status; placeholders until it is read, the failure with a retry if it is not. */
export const InvoiceDetails = ({ invoice, status }: InvoiceDetailsProps): ReactElement => {
  if (invoice.isPending) {
    return (
      <Stack gap="2" role="status" aria-label="Loading the test invoice">
        <Skeleton height="5" />
        <Skeleton height="5" />
        <Skeleton height="5" />
      </Stack>
    );
  }
  if (!invoice.data) {
    return (
      <Alert.Root status="error" alignItems="center">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Failed to load the test invoice</Alert.Title>
          <Alert.Description>{errorMessage(invoice.error, 'Check your connection, then try again.')}</Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => void invoice.refetch()} loading={invoice.isFetching}>
          Try again
        </Button>
      </Alert.Root>
    );
  }
  return <InvoiceDataList data={invoice.data} status={status ?? invoice.data.status} />;
};

interface InvoiceResultProps {
  stage: TestInvoiceStage;
  amountCents: number | undefined;
  /** Why the last pay or expire request failed, shown while the invoice is still open. */
  payError: string | null;
}

/** What became of the invoice: settled, expired, or (still open) the last request's failure if any. */
export const InvoiceResult = ({ stage, amountCents, payError }: InvoiceResultProps): ReactElement => {
  if (stage === 'open') return <FormAlert message={payError} />;
  const settled = stage === 'settled';
  return (
    <Alert.Root status={settled ? 'success' : 'info'} variant="subtle" data-testid="test-invoice-result">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{settled ? 'Payment settled' : 'Invoice expired'}</Alert.Title>
        <Alert.Description>{settled ? settledMoneyText(amountCents) : 'Nothing was added to your balance. Start a new top-up to try again.'}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
};

interface InvoiceButtonsProps {
  stage: TestInvoiceStage;
  /** The outcome being asked for while the request runs, else null. */
  asking: TestInvoiceOutcome | null;
  /** The invoice has been read, so it can be paid or expired. */
  ready: boolean;
  onClose: () => void;
  onSettle: (outcome: TestInvoiceOutcome) => void;
}

/** While open: Close, Let it expire and Mark as paid; after that only Close. */
export const InvoiceButtons = ({ stage, asking, ready, onClose, onSettle }: InvoiceButtonsProps): ReactElement => {
  const paying = asking !== null;
  if (stage !== 'open') {
    return (
      <Button key="done" onClick={onClose}>
        Close
      </Button>
    );
  }
  return (
    <>
      <Button key="dismiss" variant="ghost" colorPalette="gray" onClick={onClose} disabled={paying}>
        Close
      </Button>
      <Button key="expire" variant="outline" colorPalette="gray" onClick={() => onSettle('expired')} disabled={!ready || paying} loading={asking === 'expired'} loadingText="Expiring">
        Let it expire
      </Button>
      <Button key="pay" onClick={() => onSettle('paid')} disabled={!ready || paying} loading={asking === 'paid'} loadingText="Paying">
        Mark as paid
      </Button>
    </>
  );
};
