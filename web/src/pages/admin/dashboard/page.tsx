import { Button, Stack } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { RefreshIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { adminReportKey } from '../../../services/admin/admin-report';
import { useAdminStats } from '../../../services/admin/admin-stats';
import { useCarrierAlerts } from '../../../services/admin/carrier-alerts';
import { useUsers } from '../../../services/users/list-users';
import { AdminReports } from './admin-reports';
import { BusinessFigures } from './business-figures';
import { CarrierAlerts } from './carrier-alerts';
import { LoadError } from './load-error';
import { NewestUsersCard } from './newest-users';

/** Spec 2 "Dashboard" was sample data; this one counts the live business (days are UTC days). */
export const AdminDashboardPage = (): ReactElement => {
  useDocumentTitle('Admin dashboard');
  const stats = useAdminStats();
  const users = useUsers();
  const carrierAlerts = useCarrierAlerts();
  const queryClient = useQueryClient();
  const refresh = () => {
    void stats.refetch();
    void queryClient.invalidateQueries({ queryKey: adminReportKey });
    void users.refetch();
    void carrierAlerts.refetch();
  };

  return (
    <>
      <PageHeader
        title="Dashboard"
        description="The business at a glance: totals, today (UTC) and the last 30 days."
        actions={
          <Button variant="outline" colorPalette="gray" size="sm" onClick={refresh} loading={stats.isFetching || users.isFetching} loadingText="Refreshing">
            <RefreshIcon />
            Refresh
          </Button>
        }
      />

      <Stack gap="6">
        <CarrierAlerts alerts={carrierAlerts.data?.alerts} />
        {stats.isError ? (
          <LoadError title="Failed to load the figures" onRetry={() => void stats.refetch()} />
        ) : (
          <BusinessFigures figures={stats.data} loading={stats.isPending} />
        )}
        <AdminReports />
        <NewestUsersCard users={users} />
      </Stack>
    </>
  );
};
