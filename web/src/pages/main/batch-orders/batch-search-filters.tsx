import { Field, Input, SimpleGrid } from '@chakra-ui/react';
import { BULK_STATUSES, bulkStatusSchema, type BulkStatus } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { SearchFormButtons } from '../../../components/search/search-form-buttons';
import { useSearchForm } from '../../../components/search/use-search-form';
import { UtcDayRangeFields } from '../../../components/search/utc-day-range-fields';
import { SelectField } from '../../../components/ui/select-field';
import type { BatchFilters } from '../../../services/bulk-orders/search-batches';

/** Every status a listed batch can be in (a draft is an upload not yet submitted), as words. */
const STATUSES = BULK_STATUSES.filter((status): status is Exclude<BulkStatus, 'draft'> => status !== 'draft');
const statusName = (status: BulkStatus): string => status.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase());

interface BatchSearchFiltersProps {
  value: BatchFilters;
  onApply: (filters: BatchFilters) => void;
}

/** Batch Orders' search box (batch ID or file name), status and UTC days; the status applies at once, the rest with Search. */
export const BatchSearchFilters = ({ value, onApply }: BatchSearchFiltersProps): ReactElement => {
  const { q, setQ, from, setFrom, to, setTo, datesInvalid, submit, clear } = useSearchForm(value, onApply);

  return (
    <form onSubmit={submit} role="search" aria-label="Search batch orders">
      <SimpleGrid columns={{ base: 1, sm: 2, xl: 5 }} gap="3" alignItems="end">
        <Field.Root gridColumn={{ sm: 'span 2', xl: 'span 2' }}>
          <Field.Label>Search</Field.Label>
          <Input size="sm" type="search" name="q" value={q} maxLength={100} autoComplete="off" spellCheck={false} placeholder="Batch ID or file name" onChange={(e) => setQ(e.target.value)} />
        </Field.Root>
        <SelectField label="Status" size="sm" value={value.status ?? ''} onChange={(status) => onApply({ ...value, status: bulkStatusSchema.exclude(['draft']).safeParse(status).data })}>
          <option value="">Any status</option>
          {STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusName(status)}
            </option>
          ))}
        </SelectField>
        <UtcDayRangeFields from={from} to={to} onFrom={setFrom} onTo={setTo} />
      </SimpleGrid>
      <SearchFormButtons onClear={clear} searchDisabled={datesInvalid} mt="3" />
    </form>
  );
};
