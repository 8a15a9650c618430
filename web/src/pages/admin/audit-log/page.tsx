import { Stack } from '@chakra-ui/react';
import { auditQuerySchema } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { HistoryIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { RefreshButton } from '../../../components/ui/refresh-button';
import { QueryState } from '../../../components/ui/query-state';
import { TableSkeleton } from '../../../components/ui/table-states';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useUrlFilters } from '../../../hooks/use-url-filters';
import { AUDIT_PAGE_SIZE, useAuditLog } from '../../../services/admin/audit-log';
import { useUsers } from '../../../services/users/list-users';
import { AuditFiltersForm } from './audit-filters';
import { AuditTable } from './audit-table';

/** Every admin action and each account's own security changes: who did what to whom, the state before and after, and when. */
export const AuditLogPage = (): ReactElement => {
  useDocumentTitle('Audit Log');
  const { filters, page, apply } = useUrlFilters(auditQuerySchema);
  const log = useAuditLog(filters, page);
  const users = useUsers();
  const total = log.data?.total ?? 0;

  return (
    <>
      <PageHeader title="Audit Log" description="Every admin action, and each account's own security changes (two-factor, API keys): who did what to whom, the state before and after, and when (UTC days)." actions={<RefreshButton query={log} />} />
      <Stack gap="4" minW="0">
        <AuditFiltersForm filters={filters} users={users.data ?? []} apply={(next) => apply(next)} />
        <QueryState
          query={log}
          loading={<TableSkeleton rows={8} label="Loading the audit log" />}
          error={{ title: 'Failed to load the audit log', description: log.error instanceof Error ? log.error.message : undefined }}
          isEmpty={(data) => data.items.length === 0}
          empty={{
            icon: <HistoryIcon />,
            title: 'No entries found',
            description: 'Entries appear here as they happen: admins\' changes to balances, roles, access, deletions, sign-ins as a user, prices and services, and each account\'s two-factor and API key changes.',
          }}
        >
          {(data) => (
            <>
              <AuditTable entries={data.items} />
              <Pagination page={page} pageCount={Math.ceil(total / AUDIT_PAGE_SIZE)} pageSize={AUDIT_PAGE_SIZE} total={total} onPageChange={(next) => apply(filters, next)} itemLabel="entries" />
            </>
          )}
        </QueryState>
      </Stack>
    </>
  );
};
