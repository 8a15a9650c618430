import { Button } from '@chakra-ui/react';
import { addressFormSchema } from '@labeldesk/contracts';
import type { SavedAddress } from '@labeldesk/contracts';
import { useEffect, useState } from 'react';
import type { ReactElement } from 'react';
import { EditableTable } from '../../../components/ui/editable-table';
import type { EditableColumn } from '../../../components/ui/editable-table';
import { MapPinIcon, PlusIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { QueryState } from '../../../components/ui/query-state';
import { TableSkeleton } from '../../../components/ui/table-states';
import { notify } from '../../../components/ui/toaster';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { DEFAULT_PAGE_SIZE } from '../../../hooks/use-paged-rows';
import { useDeleteAddress } from '../../../services/addresses/delete-address';
import { useAddresses } from '../../../services/addresses/list-addresses';
import { useUpdateAddress } from '../../../services/addresses/update-address';
import { useAuthStore } from '../../../stores/auth.store';
import { AddAddressDialog } from './add-address-dialog';

const columns: readonly EditableColumn<SavedAddress>[] = [
  { key: 'address_id', header: 'Address ID', minW: '28' },
  { key: 'name', header: 'Name', minW: '32' },
  { key: 'company', header: 'Company', minW: '28' },
  { key: 'phone', header: 'Phone', minW: '28' },
  { key: 'street', header: 'Street', minW: '40' },
  { key: 'street2', header: 'Street 2', minW: '28' },
  { key: 'city', header: 'City', minW: '28' },
  { key: 'state', header: 'State', kind: 'state', minW: '20' },
  { key: 'zip', header: 'ZIP', minW: '24' },
  { key: 'country', header: 'Country', kind: 'fixed' },
];

const toValues = (address: SavedAddress): Record<string, string> => ({
  address_id: address.address_id,
  name: address.name,
  company: address.company ?? '',
  phone: address.phone ?? '',
  street: address.street,
  street2: address.street2 ?? '',
  city: address.city,
  state: address.state,
  zip: address.zip,
  country: address.country,
});

const AddressBook = ({ userId }: { userId: string }): ReactElement => {
  const addresses = useAddresses(userId);
  const update = useUpdateAddress();
  const remove = useDeleteAddress();
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    if (addresses.isError) notify.error('Failed to load addresses');
  }, [addresses.isError]);

  const addButton = (
    <Button size="sm" onClick={() => setAdding(true)}>
      <PlusIcon />
      Add Address
    </Button>
  );

  const content = (): ReactElement => (
    <QueryState
      query={addresses}
      loading={<TableSkeleton rows={5} label="Loading addresses" />}
      error={{ title: 'Failed to load addresses' }}
      isEmpty={(data) => data.length === 0}
      empty={{
        icon: <MapPinIcon />,
        title: 'No saved addresses yet',
        description: 'Save the addresses you ship from and to, then pick them on the Order Label page instead of typing.',
        action: (
          <Button size="sm" variant="outline" onClick={() => setAdding(true)}>
            Add your first address
          </Button>
        ),
      }}
    >
      {(data) => (
        <EditableTable
          label="Saved addresses"
          itemLabel="addresses"
          rows={data}
          columns={columns}
          pageSize={DEFAULT_PAGE_SIZE}
          schema={addressFormSchema}
          toValues={toValues}
          rowName={(address) => address.address_id}
          onSave={(address, formData) => update.mutateAsync({ userId, id: address._id, formData })}
          onDelete={(address) => remove.mutateAsync({ userId, id: address._id })}
          messages={{
            updated: 'Address updated successfully!',
            updateFailed: 'Failed to update address',
            deleted: 'Address deleted successfully!',
            deleteFailed: 'Failed to delete address',
          }}
        />
      )}
    </QueryState>
  );

  return (
    <>
      <PageHeader title="Address Book" description="Addresses you ship from and to, ready to fill an order in one click." actions={addButton} />
      {content()}
      <AddAddressDialog userId={userId} open={adding} onClose={() => setAdding(false)} />
    </>
  );
};

export const AddressBookPage = (): ReactElement | null => {
  useDocumentTitle('Address Book');
  const user = useAuthStore((state) => state.user);
  return user ? <AddressBook key={user._id} userId={user._id} /> : null;
};
