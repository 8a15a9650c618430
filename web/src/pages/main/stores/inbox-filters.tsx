import { Field, HStack, Input, NativeSelect } from '@chakra-ui/react';
import type { StoreConnection } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import type { InboxFilters as Filters } from '../../../services/stores/store-inbox';

/** The inbox's filters: which store, and a search over the order number and the receiver's name, city and ZIP. */
export const InboxFilters = ({ stores, value, onChange }: { stores: readonly StoreConnection[]; value: Filters; onChange: (next: Filters) => void }): ReactElement => (
  <HStack gap="3" wrap="wrap" align="flex-end">
    <Field.Root maxW="xs">
      <Field.Label>Store</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value.store} onChange={(event) => onChange({ ...value, store: event.target.value })}>
          <option value="">All stores</option>
          {stores.map((store) => (
            <option key={store.id} value={store.id}>
              {store.name}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
    <Field.Root maxW="sm">
      <Field.Label>Search</Field.Label>
      <Input size="sm" type="search" value={value.q} placeholder="Order number, name, city or ZIP" autoComplete="off" onChange={(event) => onChange({ ...value, q: event.target.value })} />
    </Field.Root>
  </HStack>
);
