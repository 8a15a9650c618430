import type { Deposit } from '@labeldesk/contracts';
import type { DepositEntity } from './deposit.entity';

export const toDeposit = (d: DepositEntity): Deposit => ({
  _id: d.id,
  amount: d.amountCents,
  createdTime: Math.floor(d.createdAt.getTime() / 1000),
  status: d.status,
  invoiceId: d.invoiceId,
  provider: d.provider,
  test: d.provider === 'test',
  note: d.note,
});
