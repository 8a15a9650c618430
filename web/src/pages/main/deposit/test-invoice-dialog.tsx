import { Dialog, HStack, Portal, Stack } from '@chakra-ui/react';
import type { TestInvoiceOutcome } from '@labeldesk/contracts';
import { useState } from 'react';
import type { ReactElement } from 'react';
import { TestDepositBadge } from '../../../components/payments/deposit-status';
import { errorMessage } from '../../../libs/http-client';
import { useTestInvoice } from '../../../services/payments/get-test-invoice';
import { usePayTestInvoice } from '../../../services/payments/pay-test-invoice';
import { testInvoiceStage } from './test-invoice-outcome';
import { InvoiceButtons, InvoiceDetails, InvoiceResult, TestMoneyWarning } from './test-invoice-parts';

interface TestInvoiceDialogProps {
  invoiceId: string;
  /** Called once the dialog has finished closing. */
  onClose: () => void;
}

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
  const stage = testInvoiceStage(status);
  const paying = pay.isPending;

  const close = () => {
    if (!paying) setOpen(false);
  };
  const settle = (outcomeAsked: TestInvoiceOutcome) => pay.mutate({ invoiceId, outcome: outcomeAsked });

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
                <TestMoneyWarning />
                <InvoiceDetails invoice={invoice} status={status} />
                <InvoiceResult
                  stage={stage}
                  amountCents={pay.data?.amount ?? invoice.data?.amount}
                  payError={pay.isError ? errorMessage(pay.error, 'Could not update the test invoice. Try again.') : null}
                />
              </Stack>
            </Dialog.Body>
            {/* On a phone the buttons stack full width, the primary one on top. */}
            <Dialog.Footer flexDirection={{ base: 'column-reverse', sm: 'row' }} alignItems={{ base: 'stretch', sm: 'center' }} gap="2">
              <InvoiceButtons stage={stage} asking={paying ? pay.variables.outcome : null} ready={invoice.data !== undefined} onClose={close} onSettle={settle} />
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
