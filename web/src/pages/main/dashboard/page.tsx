import { Button, Grid, SimpleGrid, Stack } from '@chakra-ui/react';
import type { PublicUser } from '@labeldesk/contracts';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { ClockIcon, PackageIcon, RefreshIcon, TagIcon, UploadIcon, WalletIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { StatCard } from '../../../components/ui/stat-card';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { formatCents } from '../../../libs/format';
import { useBalance } from '../../../services/auth/get-balance';
import { authKeys } from '../../../services/auth/keys';
import { orderKeys } from '../../../services/orders/keys';
import { useRefundSummary } from '../../../services/orders/refund-summary';
import { useTotalOrders } from '../../../services/orders/total-orders';
import { paymentKeys } from '../../../services/payments/keys';
import { useAuthStore } from '../../../stores/auth.store';
import { LabelsBoughtHint } from './labels-bought-hint';
import { RecentDepositsCard } from './recent-deposits-card';
import { RecentOrdersCard } from './recent-orders-card';
import { ReportsSection } from './reports-section';

/** Spec section 9: dashes when the balance is unknown, $0 when deposits or spending are. */
const balanceText = (cents: number | undefined): string => (typeof cents === 'number' ? formatCents(cents) : '--');
const amountText = (cents: number | undefined): string => formatCents(typeof cents === 'number' ? cents : 0);

const DashboardContent = ({ user }: { user: PublicUser }): ReactElement => {
  const queryClient = useQueryClient();
  const balance = useBalance();
  const totalOrders = useTotalOrders(user._id);
  const refunds = useRefundSummary(user._id);
  // Money the carrier is still deciding about is shown only while there is some; it is not part of the balance.
  const pendingRefundCents = refunds.data?.pendingCents ?? 0;
  const refreshing =
    useIsFetching({ queryKey: authKeys.all }) + useIsFetching({ queryKey: orderKeys.all }) + useIsFetching({ queryKey: paymentKeys.all }) > 0;
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: authKeys.all });
    void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    void queryClient.invalidateQueries({ queryKey: paymentKeys.all });
  };

  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Your balance, deposits, orders and spending at a glance."
        actions={
          <Button variant="outline" colorPalette="gray" size="sm" onClick={refresh} loading={refreshing} loadingText="Refreshing">
            <RefreshIcon />
            Refresh
          </Button>
        }
      />
      <Stack gap="6">
        <SimpleGrid columns={{ base: 2, xl: pendingRefundCents > 0 ? 5 : 4 }} gap={{ base: '3', md: '4' }} as="section" aria-label="Account totals">
          <StatCard label="Balance" value={balanceText(balance.data ?? user.balance)} icon={<WalletIcon />} hint="Available for labels" />
          <StatCard label="Total Deposit" value={amountText(user.totalDeposit)} icon={<UploadIcon />} hint="All top-ups" />
          <StatCard
            label="Total Orders"
            value={totalOrders.isError ? '--' : String(totalOrders.data?.totalOrders ?? 0)}
            icon={<PackageIcon />}
            hint={<LabelsBoughtHint counts={totalOrders.data} />}
            loading={totalOrders.isPending}
          />
          <StatCard label="Total Spent" value={amountText(user.totalSpent)} icon={<TagIcon />} hint="Paid for labels" />
          {pendingRefundCents > 0 && (
            <StatCard
              label="Refunds pending"
              value={formatCents(pendingRefundCents)}
              icon={<ClockIcon />}
              hint="Not spendable until the carrier approves the refund"
            />
          )}
        </SimpleGrid>

        <Grid templateColumns={{ base: 'minmax(0, 1fr)', xl: 'minmax(0, 3fr) minmax(0, 2fr)' }} gap="4" alignItems="start">
          <RecentOrdersCard userId={user._id} />
          <RecentDepositsCard userId={user._id} />
        </Grid>

        <ReportsSection userId={user._id} />
      </Stack>
    </>
  );
};

export const DashboardPage = (): ReactElement | null => {
  useDocumentTitle('Dashboard');
  const user = useAuthStore((state) => state.user);
  // The shell renders pages only once a user is loaded.
  return user ? <DashboardContent user={user} /> : null;
};
