import { Card, GridItem, Heading, Link, SimpleGrid, Text } from '@chakra-ui/react';
import type { SavedAddress } from '@labeldesk/contracts';
import { useState } from 'react';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { FormField } from '../../../components/ui/form-field';
import { SelectField } from '../../../components/ui/select-field';
import type { PartyPrefix } from '../../../services/orders/create-order';
import { AddressSuggestion } from './address-suggestion';
import { ReceiverEmailField } from './receiver-email-field';
import { PartyCountryField, PartyRegionFields } from './receiver-region-fields';
import type { OrderFormApi } from './use-order-form';

interface AddressSectionProps {
  prefix: PartyPrefix;
  title: string;
  form: OrderFormApi;
  addresses: readonly SavedAddress[];
  addressesState: 'loading' | 'error' | 'ready';
}

const addressOptionLabel = (address: SavedAddress): string => `${address.address_id} — ${address.name}, ${address.city} ${address.state}`;

const pickerHelp = (state: AddressSectionProps['addressesState'], count: number): ReactElement | string => {
  if (state === 'loading') return 'Loading saved addresses…';
  if (state === 'error') return 'Saved addresses could not be loaded; type the address instead.';
  if (count === 0) {
    return (
      <>
        No saved addresses yet.{' '}
        <Link asChild color="brand.fg">
          <RouterLink to="/main/address">Add one in the Address Book</RouterLink>
        </Link>
      </>
    );
  }
  return 'Fills the fields below; you can still change them.';
};

/** From or To: a saved-address picker that fills the fields, then the fields themselves (the sender in the US, the receiver anywhere). */
export const AddressSection = ({ prefix, title, form, addresses, addressesState }: AddressSectionProps): ReactElement => {
  const [pickedId, setPickedId] = useState('');
  const headingId = `${prefix}-address-heading`;
  const key = <F extends string>(field: F) => `${prefix}_${field}` as const;
  const text = (field: 'name' | 'company' | 'phone' | 'address1' | 'address2' | 'city') => ({
    state: form.fieldState(key(field)),
    ...form.field(key(field)),
  });
  const help = pickerHelp(addressesState, addresses.length);

  return (
    <Card.Root variant="outline" size={{ base: 'sm', md: 'md' }} as="section" aria-labelledby={headingId} minW="0">
      <Card.Header pb="2">
        <Heading as="h2" size="md" id={headingId}>
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>
        <SimpleGrid columns={2} gap={{ base: '3', md: '4' }}>
          <GridItem colSpan={2}>
            <SelectField
              label="Saved address"
              value={pickedId}
              placeholder={addresses.length > 0 ? 'Choose a saved address' : 'No saved addresses'}
              disabled={addresses.length === 0}
              onChange={(id) => {
                setPickedId(id);
                const address = addresses.find((item) => item._id === id);
                if (address) form.fillParty(prefix, address);
              }}
            >
              {addresses.map((address) => (
                <option key={address._id} value={address._id}>
                  {addressOptionLabel(address)}
                </option>
              ))}
            </SelectField>
            <Text textStyle="xs" color="fg.muted" mt="1.5">
              {help}
            </Text>
          </GridItem>
          <FormField label="Name" required autoComplete="off" {...text('name')} />
          <FormField label="Company" autoComplete="off" {...text('company')} />
          <GridItem colSpan={2}>
            <FormField label="Street" required autoComplete="off" {...text('address1')} />
          </GridItem>
          <GridItem colSpan={2}>
            <FormField label="Street 2" autoComplete="off" {...text('address2')} />
          </GridItem>
          {/* Abroad the country decides the fields after it (province, postal code): it comes first. */}
          {prefix === 'receiver' && (
            <GridItem colSpan={2}>
              <PartyCountryField prefix={prefix} form={form} />
            </GridItem>
          )}
          <FormField label="City" required autoComplete="off" {...text('city')} />
          <PartyRegionFields prefix={prefix} form={form} />
          <FormField label="Phone" type="tel" autoComplete="off" {...text('phone')} />
          <AddressSuggestion prefix={prefix} form={form} />
          {prefix === 'receiver' && <ReceiverEmailField form={form} />}
          {prefix === 'sender' && (
            <GridItem colSpan={2}>
              <PartyCountryField prefix={prefix} form={form} />
            </GridItem>
          )}
        </SimpleGrid>
      </Card.Body>
    </Card.Root>
  );
};
