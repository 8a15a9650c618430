import { settleTestInvoiceResponseSchema } from '@labeldesk/contracts';
import type { Deposit, SettleTestInvoiceBody, TestInvoiceOutcome } from '@labeldesk/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { refreshAfterPayment } from './refresh-after-payment';

export interface PayTestInvoiceRequest {
  invoiceId: string;
  outcome: TestInvoiceOutcome;
}

/**
 * The test provider's stand-in for the customer paying (or walking away). The server settles the deposit through
 * its signed-webhook path and answers with it; 409 'This invoice is no longer open' once it is paid or expired.
 */
export const payTestInvoice = ({ invoiceId, outcome }: PayTestInvoiceRequest): Promise<Deposit> =>
  apiRequest(`/api/payment/test-invoices/${encodeURIComponent(invoiceId)}/pay`, {
    method: 'POST',
    body: { outcome } satisfies SettleTestInvoiceBody,
    schema: settleTestInvoiceResponseSchema,
  }).then((body) => body.deposit);

/** Success or not, the invoice may have changed: deposits, the dashboard and the balance are read again from the API. */
export const usePayTestInvoice = () => {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: payTestInvoice, onSettled: () => refreshAfterPayment(queryClient) });
};
