import { Button, Card, Field, Flex, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { AUDIT_ACTIONS, auditActionSchema, auditQuerySchema } from '@labeldesk/contracts';
import { useState, type FormEvent, type ReactElement } from 'react';
import { HistoryIcon, SearchIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { RefreshButton } from '../../../components/ui/refresh-button';
import { SelectField } from '../../../components/ui/select-field';
import { QueryState } from '../../../components/ui/query-state';
import { TableSkeleton } from '../../../components/ui/table-states';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useUrlFilters } from '../../../hooks/use-url-filters';
import { AUDIT_PAGE_SIZE, useAuditLog, type AuditFilters } from '../../../services/admin/audit-log';
import { useUsers } from '../../../services/users/list-users';
import { AuditTable } from './audit-table';
import { ACTION_LABELS } from './describe-change';

/** Every admin action: who did what to whom, the state before and after, and when. */
export const AuditLogPage = (): ReactElement => {
  useDocumentTitle('Audit Log');
  const { filters, page, apply } = useUrlFilters(auditQuerySchema);
  const log = useAuditLog(filters, page);
  const users = useUsers();
  const admins = (users.data ?? []).filter((u) => u.user_role === 'admin');
  const [from, setFrom] = useState(filters.from ?? '');
  const [to, setTo] = useState(filters.to ?? '');
  const datesInvalid = from !== '' && to !== '' && from > to;
  const set = (change: AuditFilters) => apply({ ...filters, ...change });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!datesInvalid) set({ from: from || undefined, to: to || undefined });
  };
  const total = log.data?.total ?? 0;

  return (
    <>
      <PageHeader title="Audit Log" description="Every admin action: who did what to whom, the state before and after, and when (UTC days)." actions={<RefreshButton query={log} />} />
      <Stack gap="4" minW="0">
        <Card.Root variant="outline" size="sm">
          <Card.Body>
            <form onSubmit={submit} aria-label="Filter the audit log">
              <SimpleGrid columns={{ base: 1, sm: 2, xl: 5 }} gap="3" alignItems="end">
                <SelectField label="Admin" size="sm" value={filters.actorId ?? ''} onChange={(actorId) => set({ actorId: actorId || undefined })}>
                  <option value="">Any admin</option>
                  {admins.map((user) => (
                    <option key={user._id} value={user._id}>
                      {user.name} ({user.email})
                    </option>
                  ))}
                </SelectField>
                <SelectField label="User acted on" size="sm" value={filters.targetId ?? ''} onChange={(targetId) => set({ targetId: targetId || undefined })}>
                  <option value="">Anyone</option>
                  {(users.data ?? []).map((user) => (
                    <option key={user._id} value={user._id}>
                      {user.name} ({user.email})
                    </option>
                  ))}
                </SelectField>
                <SelectField label="Action" size="sm" value={filters.action ?? ''} onChange={(action) => set({ action: auditActionSchema.safeParse(action).data })}>
                  <option value="">Any action</option>
                  {AUDIT_ACTIONS.map((action) => (
                    <option key={action} value={action}>
                      {ACTION_LABELS[action]}
                    </option>
                  ))}
                </SelectField>
                <Field.Root invalid={datesInvalid}>
                  <Field.Label>From (UTC)</Field.Label>
                  <Input size="sm" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
                  <Field.ErrorText>The start date must not be after the end date</Field.ErrorText>
                </Field.Root>
                <Field.Root>
                  <Field.Label>To (UTC)</Field.Label>
                  <Input size="sm" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
                </Field.Root>
              </SimpleGrid>
              <Flex gap="2" mt="3" justify="flex-end">
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  colorPalette="gray"
                  onClick={() => {
                    setFrom('');
                    setTo('');
                    apply({});
                  }}
                >
                  Clear filters
                </Button>
                <Button type="submit" size="sm" disabled={datesInvalid}>
                  <SearchIcon />
                  Search
                </Button>
              </Flex>
            </form>
          </Card.Body>
        </Card.Root>
        <QueryState
          query={log}
          loading={<TableSkeleton rows={8} label="Loading the audit log" />}
          error={{ title: 'Failed to load the audit log', description: log.error instanceof Error ? log.error.message : undefined }}
          isEmpty={(data) => data.items.length === 0}
          empty={{
            icon: <HistoryIcon />,
            title: 'No admin actions found',
            description: 'Admin actions appear here as they happen: balances, roles, access, deletions, sign-ins as a user, prices and services.',
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
