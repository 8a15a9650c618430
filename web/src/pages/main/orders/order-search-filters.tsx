import { Field, Input, SimpleGrid } from '@chakra-ui/react';
import { COURIER_NAMES, COURIERS, courierSchema, ORDER_SEARCH_STATES, orderSearchStateSchema, type OrderSearchState } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { SearchFormButtons } from '../../../components/search/search-form-buttons';
import { useSearchForm } from '../../../components/search/use-search-form';
import { UtcDayRangeFields } from '../../../components/search/utc-day-range-fields';
import { SelectField } from '../../../components/ui/select-field';
import type { OrderFilters } from '../../../services/orders/search-orders';

/** The states as the table says them: the order's status, or what became of its label. */
const STATE_NAMES: Readonly<Record<OrderSearchState, string>> = {
  completed: 'Completed',
  pending: 'Pending',
  cancelled: 'Cancelled',
  void_requested: 'Void requested',
  voided: 'Voided',
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
  refund_rejected: 'Refund refused',
};

interface OrderSearchFiltersProps {
  value: OrderFilters;
  /** The seller's shipping services, by name. */
  services: readonly string[];
  onApply: (filters: OrderFilters) => void;
}

/**
 * The search box and the filters of the Orders page. Selects apply at once; the text and the dates apply with Search
 * (or Enter), so a half-typed word never reaches the server. Days are UTC, as the export's dates.
 */
export const OrderSearchFilters = ({ value, services, onApply }: OrderSearchFiltersProps): ReactElement => {
  const { q, setQ, from, setFrom, to, setTo, datesInvalid, submit, clear } = useSearchForm(value, onApply);
  const set = (change: OrderFilters) => onApply({ ...value, ...change });

  return (
    <form onSubmit={submit} role="search" aria-label="Search orders">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3, xl: 6 }} gap="3" alignItems="end">
        <Field.Root gridColumn={{ sm: 'span 2', lg: 'span 3', xl: 'span 2' }}>
          <Field.Label>Search</Field.Label>
          <Input
            size="sm"
            type="search"
            name="q"
            value={q}
            maxLength={100}
            autoComplete="off"
            spellCheck={false}
            placeholder="Receiver, tracking number, reference or order ID"
            onChange={(e) => setQ(e.target.value)}
          />
        </Field.Root>
        <SelectField label="State" size="sm" value={value.state ?? ''} onChange={(state) => set({ state: orderSearchStateSchema.safeParse(state).data })}>
          <option value="">Any state</option>
          {ORDER_SEARCH_STATES.map((state) => (
            <option key={state} value={state}>
              {STATE_NAMES[state]}
            </option>
          ))}
        </SelectField>
        <SelectField label="Service" size="sm" value={value.service ?? ''} onChange={(service) => set({ service: service || undefined })}>
          <option value="">Any service</option>
          {[...new Set([...services, ...(value.service ? [value.service] : [])])].map((service) => (
            <option key={service} value={service}>
              {service}
            </option>
          ))}
        </SelectField>
        <SelectField label="Carrier" size="sm" value={value.carrier ?? ''} onChange={(carrier) => set({ carrier: courierSchema.safeParse(carrier).data })}>
          <option value="">Any carrier</option>
          {COURIERS.map((courier) => (
            <option key={courier} value={courier}>
              {COURIER_NAMES[courier]}
            </option>
          ))}
        </SelectField>
        <UtcDayRangeFields from={from} to={to} onFrom={setFrom} onTo={setTo} />
        <SearchFormButtons onClear={clear} searchDisabled={datesInvalid} gridColumn={{ sm: 'span 2', lg: 'auto', xl: 'span 5' }} />
      </SimpleGrid>
    </form>
  );
};
