import type { DepositStatus } from '@labeldesk/contracts';
import { formatCents } from '../../../libs/format';

/** Where the test invoice stands for the dialog: still payable, paid, or expired. */
export type TestInvoiceStage = 'open' | 'settled' | 'expired';

/** Any status other than Settled or Expired (none read yet, New, Processing) leaves the invoice open to pay. */
export const testInvoiceStage = (status: DepositStatus | undefined): TestInvoiceStage =>
  status === 'Settled' ? 'settled' : status === 'Expired' ? 'expired' : 'open';

/** The settled alert's words: the amount when it is known, else just "the test money". */
export const settledMoneyText = (amountCents: number | undefined): string =>
  `${amountCents === undefined ? 'The test money' : `${formatCents(amountCents)} of test money`} was added to your balance.`;
