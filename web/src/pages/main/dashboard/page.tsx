import { Button, Card, DataList, Heading, SimpleGrid, Skeleton, Stack } from '@chakra-ui/react';
import type { PublicUser } from '@labeldesk/contracts';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { RefreshIcon, UploadIcon, WalletIcon, TagIcon } from '../../../components/ui/icons';
import { StatCard } from '../../../components/ui/stat-card';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { formatCents, formatDateTime } from '../../../libs/format';
import { authKeys } from '../../../services/auth/keys';
import { useAuthStore } from '../../../stores/auth.store';

const roleLabel: Record<PublicUser['user_role'], string> = { user: 'Customer', friend: 'Friend', admin: 'Admin' };

/** Spec section 9: dashes when the balance is unknown, $0 when deposits or spending are. */
const balanceText = (user: PublicUser | null): string =>
  typeof user?.balance === 'number' ? formatCents(user.balance) : '--';
const amountText = (cents: number | undefined): string => formatCents(typeof cents === 'number' ? cents : 0);

export const DashboardPage = (): ReactElement => {
  useDocumentTitle('Dashboard');
  const user = useAuthStore((state) => state.user);
  const queryClient = useQueryClient();
  const refreshing = useIsFetching({ queryKey: authKeys.all }) > 0;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: authKeys.all });

  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Your balance, deposits and spending at a glance."
        actions={
          <Button variant="outline" colorPalette="gray" size="sm" onClick={refresh} loading={refreshing} loadingText="Refreshing">
            <RefreshIcon />
            Refresh
          </Button>
        }
      />
      <Stack gap="6">
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4" as="section" aria-label="Account totals">
          <StatCard label="Balance" value={balanceText(user)} icon={<WalletIcon />} hint="Available for labels" loading={!user} />
          <StatCard label="Total Deposit" value={amountText(user?.totalDeposit)} icon={<UploadIcon />} hint="All top-ups" loading={!user} />
          <StatCard label="Total Spent" value={amountText(user?.totalSpent)} icon={<TagIcon />} hint="Paid for labels" loading={!user} />
        </SimpleGrid>

        <Card.Root variant="outline" size="sm" as="section" aria-labelledby="account-details-heading">
          <Card.Header>
            <Heading as="h2" size="md" id="account-details-heading">
              Account details
            </Heading>
          </Card.Header>
          <Card.Body>
            {user ? (
              <DataList.Root orientation="horizontal" size="sm">
                <DataList.Item>
                  <DataList.ItemLabel>Name</DataList.ItemLabel>
                  <DataList.ItemValue>{user.name}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>Email</DataList.ItemLabel>
                  <DataList.ItemValue wordBreak="break-all">{user.email}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>Role</DataList.ItemLabel>
                  <DataList.ItemValue>{roleLabel[user.user_role]}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>Referral code</DataList.ItemLabel>
                  <DataList.ItemValue fontFamily="mono">{user.referralCode || '--'}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>Member since</DataList.ItemLabel>
                  <DataList.ItemValue>{formatDateTime(user.registeredDate)}</DataList.ItemValue>
                </DataList.Item>
              </DataList.Root>
            ) : (
              <Stack gap="3">
                {[0, 1, 2, 3, 4].map((row) => (
                  <Skeleton key={row} height="5" />
                ))}
              </Stack>
            )}
          </Card.Body>
        </Card.Root>
      </Stack>
    </>
  );
};
