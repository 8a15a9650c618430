import { Button, Field, Flex, Input, SimpleGrid } from '@chakra-ui/react';
import { adminOrderStatusSchema, LABEL_CARRIERS, labelCarrierSchema, type PublicUser } from '@labeldesk/contracts';
import { useState, type FormEvent, type ReactElement } from 'react';
import { SearchIcon } from '../../../components/ui/icons';
import { SelectField } from '../../../components/ui/select-field';
import type { AdminOrderFilters } from '../../../services/admin/admin-orders';
import { CARRIER_NAMES } from '../label-costs';
import { STATUS_CHOICES } from './status-display';

interface OrderFiltersProps {
  value: AdminOrderFilters;
  users: readonly PublicUser[];
  onApply: (filters: AdminOrderFilters) => void;
}

const TRACKING = /^[0-9A-Za-z]{8,40}$/;

/**
 * Who, what kind, which status, which carrier, which UTC days and which tracking number. Selects apply at once; the dates and the
 * tracking number apply with Search (or Enter), so a half-typed number never reaches the server.
 */
export const OrderFilters = ({ value, users, onApply }: OrderFiltersProps): ReactElement => {
  const [from, setFrom] = useState(value.from ?? '');
  const [to, setTo] = useState(value.to ?? '');
  const [tracking, setTracking] = useState(value.tracking ?? '');
  const trackingInvalid = tracking.trim() !== '' && !TRACKING.test(tracking.trim());
  const datesInvalid = from !== '' && to !== '' && from > to;

  const set = (change: AdminOrderFilters) => onApply({ ...value, ...change });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (trackingInvalid || datesInvalid) return;
    set({ from: from || undefined, to: to || undefined, tracking: tracking.trim() || undefined });
  };
  const clear = () => {
    setFrom('');
    setTo('');
    setTracking('');
    onApply({});
  };

  return (
    <form onSubmit={submit} aria-label="Filter orders">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4, xl: 7 }} gap="3" alignItems="end">
        <SelectField label="Customer" size="sm" value={value.userId ?? ''} onChange={(userId) => set({ userId: userId || undefined })}>
          <option value="">All customers</option>
          {users.map((user) => (
            <option key={user._id} value={user._id}>
              {user.name} ({user.email})
            </option>
          ))}
        </SelectField>
        <SelectField label="Kind" size="sm" value={value.kind ?? ''} onChange={(kind) => set({ kind: kind === 'single' || kind === 'batch' ? kind : undefined })}>
          <option value="">All kinds</option>
          <option value="single">Single labels</option>
          <option value="batch">Batches</option>
        </SelectField>
        <SelectField label="Status" size="sm" value={value.status ?? ''} onChange={(status) => set({ status: adminOrderStatusSchema.safeParse(status).data })}>
          <option value="">Any status</option>
          {STATUS_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Carrier" size="sm" value={value.carrier ?? ''} onChange={(carrier) => set({ carrier: labelCarrierSchema.safeParse(carrier).data })}>
          <option value="">Any carrier</option>
          {LABEL_CARRIERS.map((carrier) => (
            <option key={carrier} value={carrier}>
              {CARRIER_NAMES[carrier]}
            </option>
          ))}
        </SelectField>
        <Field.Root invalid={datesInvalid}>
          <Field.Label>From (UTC)</Field.Label>
          <Input size="sm" type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} />
          <Field.ErrorText>The start date must not be after the end date</Field.ErrorText>
        </Field.Root>
        <Field.Root>
          <Field.Label>To (UTC)</Field.Label>
          <Input size="sm" type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} />
        </Field.Root>
        <Field.Root invalid={trackingInvalid}>
          <Field.Label>Tracking number</Field.Label>
          <Input size="sm" value={tracking} inputMode="text" autoComplete="off" spellCheck={false} placeholder="Whole number" onChange={(e) => setTracking(e.target.value)} />
          <Field.ErrorText>Enter a whole tracking number (8 to 40 letters or digits)</Field.ErrorText>
        </Field.Root>
      </SimpleGrid>
      <Flex gap="2" mt="3" justify="flex-end">
        <Button type="button" size="sm" variant="ghost" colorPalette="gray" onClick={clear}>
          Clear filters
        </Button>
        <Button type="submit" size="sm" disabled={trackingInvalid || datesInvalid}>
          <SearchIcon />
          Search
        </Button>
      </Flex>
    </form>
  );
};
