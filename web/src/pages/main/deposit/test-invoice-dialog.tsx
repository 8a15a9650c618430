import { Alert, Button, DataList, Dialog, HStack, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { TestInvoiceOutcome } from '@labeldesk/contracts';
import { useState } from 'react';
import type { ReactElement } from 'react';
import { DepositStatusBadge, TestDepositBadge } from '../../../components/payments/deposit-status';
import { CopyButton } from '../../../components/ui/copy-button';
import { FormAlert } from '../../../components/ui/form-alert';
import { errorMessage } from '../../../libs/http-client';
import { formatCents, formatDateTime } from '../../../libs/format';
import { useTestInvoice } from '../../../services/payments/get-test-invoice';
import { usePayTestInvoice } from '../../../services/payments/pay-test-invoice';

interface TestInvoiceDialogProps {
  invoiceId: string;
  /** Called once the dialog has finished closing. */
  onClose: () => void;
}

type Outcome = 'open' | 'settled' | 'expired';

/**
 * The built-in test provider's checkout, standing in for BTCPay's modal when no BTCPay Server is configured.
 * It says plainly that this is test money, and lets the user pay the invoice or let it expire.
 */
export const TestInvoiceDialog = ({ invoiceId, onClose }: TestInvoiceDialogProps): ReactElement => {
  const [open, setOpen] = useState(true);
  const invoice = useTestInvoice(invoiceId);
  const pay = usePayTestInvoice();

  // What the server answered wins over the invoice read before it; both come from our API, never from the page.
  const status = pay.data?.status ?? invoice.data?.status;
  const outcome: Outcome = status === 'Settled' ? 'settled' : status === 'Expired' ? 'expired' : 'open';
  const paying = pay.isPending;
  const amountCents = pay.data?.amount ?? invoice.data?.amount;

  const close = () => {
    if (!paying) setOpen(false);
  };
  const settle = (outcomeAsked: TestInvoiceOutcome) => pay.mutate({ invoiceId, outcome: outcomeAsked });

  const details = (): ReactElement => {
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
    return (
      <DataList.Root orientation="horizontal" size="sm">
        <DataList.Item>
          <DataList.ItemLabel>Amount</DataList.ItemLabel>
          <DataList.ItemValue fontWeight="semibold" fontVariantNumeric="tabular-nums" data-testid="test-invoice-amount">
            {formatCents(invoice.data.amount)}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Invoice</DataList.ItemLabel>
          <DataList.ItemValue alignItems="center" gap="1" minW="0">
            <Text as="span" fontFamily="mono" textStyle="xs" wordBreak="break-all" data-testid="test-invoice-id">
              {invoice.data.id}
            </Text>
            <CopyButton value={invoice.data.id} label="Copy invoice id" />
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Expires</DataList.ItemLabel>
          <DataList.ItemValue fontVariantNumeric="tabular-nums">{formatDateTime(invoice.data.expiresAt)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>Status</DataList.ItemLabel>
          <DataList.ItemValue data-testid="test-invoice-status">
            <DepositStatusBadge status={status ?? invoice.data.status} />
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
    );
  };

  return (
    <Dialog.Root
      open={open}
      placement="center"
      onOpenChange={(event) => {
        if (!event.open) close();
      }}
      onExitComplete={onClose}
      closeOnEscape={!paying}
      closeOnInteractOutside={!paying}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <HStack gap="2.5">
                <Dialog.Title>Test invoice</Dialog.Title>
                <TestDepositBadge />
              </HStack>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Alert.Root status="warning" variant="subtle">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>This is TEST MONEY</Alert.Title>
                    <Alert.Description>
                      It comes from the built-in test payment provider: no real payment is taken and no Bitcoin moves.
                    </Alert.Description>
                  </Alert.Content>
                </Alert.Root>
                {details()}
                {outcome === 'settled' && (
                  <Alert.Root status="success" variant="subtle" data-testid="test-invoice-result">
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Title>Payment settled</Alert.Title>
                      <Alert.Description>
                        {amountCents === undefined ? 'The test money' : `${formatCents(amountCents)} of test money`} was added to your balance.
                      </Alert.Description>
                    </Alert.Content>
                  </Alert.Root>
                )}
                {outcome === 'expired' && (
                  <Alert.Root status="info" variant="subtle" data-testid="test-invoice-result">
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Title>Invoice expired</Alert.Title>
                      <Alert.Description>Nothing was added to your balance. Start a new top-up to try again.</Alert.Description>
                    </Alert.Content>
                  </Alert.Root>
                )}
                {outcome === 'open' && <FormAlert message={pay.isError ? errorMessage(pay.error, 'Could not update the test invoice. Try again.') : null} />}
              </Stack>
            </Dialog.Body>
            {/* On a phone the buttons stack full width, the primary one on top. */}
            <Dialog.Footer flexDirection={{ base: 'column-reverse', sm: 'row' }} alignItems={{ base: 'stretch', sm: 'center' }} gap="2">
              {outcome === 'open' ? (
                <>
                  <Button key="dismiss" variant="ghost" colorPalette="gray" onClick={close} disabled={paying}>
                    Close
                  </Button>
                  <Button
                    key="expire"
                    variant="outline"
                    colorPalette="gray"
                    onClick={() => settle('expired')}
                    disabled={!invoice.data || paying}
                    loading={paying && pay.variables.outcome === 'expired'}
                    loadingText="Expiring"
                  >
                    Let it expire
                  </Button>
                  <Button
                    key="pay"
                    onClick={() => settle('paid')}
                    disabled={!invoice.data || paying}
                    loading={paying && pay.variables.outcome === 'paid'}
                    loadingText="Paying"
                  >
                    Mark as paid
                  </Button>
                </>
              ) : (
                <Button key="done" onClick={close}>
                  Close
                </Button>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
