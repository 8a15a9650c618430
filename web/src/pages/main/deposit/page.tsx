import { Stack } from '@chakra-ui/react';
import type { PublicUser } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useBalance } from '../../../services/auth/get-balance';
import { useAuthStore } from '../../../stores/auth.store';
import { DepositHistory } from './deposit-history';
import { MonthlyStatementCard } from './monthly-statement-card';
import { ReferralBonusCredits } from './referral-bonus-credits';
import { TestInvoiceDialog } from './test-invoice-dialog';
import { TopUpCard } from './top-up-card';
import { useTopUp } from './use-top-up';

const DepositContent = ({ user }: { user: PublicUser }): ReactElement => {
  const balance = useBalance();
  const topUp = useTopUp(user._id);

  return (
    <>
      <PageHeader title="Deposit" description="Top up your prepaid balance with Bitcoin and follow every invoice until it settles." />
      <Stack gap="8">
        <TopUpCard balanceCents={balance.data ?? user.balance} busy={topUp.busy} onPay={(amountCents) => void topUp.start(amountCents)} />
        <ReferralBonusCredits userId={user._id} />
        <DepositHistory userId={user._id} />
        <MonthlyStatementCard userId={user._id} registeredAt={user.registeredDate} />
      </Stack>
      {topUp.state.kind === 'test' && (
        <TestInvoiceDialog key={topUp.state.invoiceId} invoiceId={topUp.state.invoiceId} onClose={topUp.closeTestInvoice} />
      )}
    </>
  );
};

export const DepositPage = (): ReactElement | null => {
  useDocumentTitle('Deposit');
  const user = useAuthStore((state) => state.user);
  // Keyed by the user, so a login-as never shows the previous user's history or invoice.
  return user ? <DepositContent key={user._id} user={user} /> : null;
};
