import { Card, SimpleGrid } from '@chakra-ui/react';
import { AUDIT_ACTIONS, auditActionSchema } from '@labeldesk/contracts';
import type { PublicUser } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { SearchFormButtons } from '../../../components/search/search-form-buttons';
import { useSearchForm } from '../../../components/search/use-search-form';
import { UtcDayRangeFields } from '../../../components/search/utc-day-range-fields';
import { SelectField } from '../../../components/ui/select-field';
import type { AuditFilters } from '../../../services/admin/audit-log';
import { ACTION_LABELS } from './describe-change';

interface AuditFiltersFormProps {
  filters: AuditFilters;
  users: readonly PublicUser[];
  /** Puts the filters in the address (page 1); `{}` clears them. */
  apply: (filters: AuditFilters) => void;
}

const UserOptions = ({ users }: { users: readonly PublicUser[] }): ReactElement => (
  <>
    {users.map((user) => (
      <option key={user._id} value={user._id}>
        {user.name} ({user.email})
      </option>
    ))}
  </>
);

/** Who acted (an admin, or an account changing its own security), user acted on and action apply at once; the dates wait for Search. */
const FilterSelects = ({ filters, users, set }: { filters: AuditFilters; users: readonly PublicUser[]; set: (change: AuditFilters) => void }): ReactElement => (
  <>
    <SelectField label="By" size="sm" value={filters.actorId ?? ''} onChange={(actorId) => set({ actorId: actorId || undefined })}>
      <option value="">Anyone</option>
      <UserOptions users={users} />
    </SelectField>
    <SelectField label="User acted on" size="sm" value={filters.targetId ?? ''} onChange={(targetId) => set({ targetId: targetId || undefined })}>
      <option value="">Anyone</option>
      <UserOptions users={users} />
    </SelectField>
    <SelectField label="Action" size="sm" value={filters.action ?? ''} onChange={(action) => set({ action: auditActionSchema.safeParse(action).data })}>
      <option value="">Any action</option>
      {AUDIT_ACTIONS.map((action) => (
        <option key={action} value={action}>
          {ACTION_LABELS[action]}
        </option>
      ))}
    </SelectField>
  </>
);

/** The audit log's filters: who, on whom, what, and a UTC date range checked before it is searched. */
export const AuditFiltersForm = ({ filters, users, apply }: AuditFiltersFormProps): ReactElement => {
  const { from, setFrom, to, setTo, datesInvalid, submit, clear } = useSearchForm(filters, apply);
  const set = (change: AuditFilters) => apply({ ...filters, ...change });

  return (
    <Card.Root variant="outline" size="sm">
      <Card.Body>
        <form onSubmit={submit} aria-label="Filter the audit log">
          <SimpleGrid columns={{ base: 1, sm: 2, xl: 5 }} gap="3" alignItems="end">
            <FilterSelects filters={filters} users={users} set={set} />
            <UtcDayRangeFields from={from} to={to} onFrom={setFrom} onTo={setTo} />
          </SimpleGrid>
          <SearchFormButtons onClear={clear} searchDisabled={datesInvalid} mt="3" />
        </form>
      </Card.Body>
    </Card.Root>
  );
};
