import { testInvoiceSchema } from '@labeldesk/contracts';
import type { TestInvoice } from '@labeldesk/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../libs/http-client';
import { paymentKeys } from './keys';

/** The built-in test provider's invoice (amount in cents, ISO expiry); it exists only when BTCPay is not configured. */
export const getTestInvoice = (invoiceId: string, signal?: AbortSignal): Promise<TestInvoice> =>
  apiRequest(`/api/payment/test-invoices/${encodeURIComponent(invoiceId)}`, { schema: testInvoiceSchema, ...(signal ? { signal } : {}) });

export const useTestInvoice = (invoiceId: string) =>
  useQuery({ queryKey: paymentKeys.testInvoice(invoiceId), queryFn: ({ signal }) => getTestInvoice(invoiceId, signal), staleTime: 0 });
