import { Field, GridItem, Input, SimpleGrid } from '@chakra-ui/react';
import { addressFormSchema } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { useState } from 'react';
import { FormDialog } from '../../../components/ui/form-dialog';
import { FormField } from '../../../components/ui/form-field';
import { SelectField, UsStateOptions } from '../../../components/ui/select-field';
import { notify } from '../../../components/ui/toaster';
import { useZodForm } from '../../../hooks/use-zod-form';
import { errorMessage } from '../../../libs/http-client';
import { useSaveAddress } from '../../../services/addresses/save-address';

const FORM_ID = 'add-address-form';

export const emptyAddressForm = {
  address_id: '',
  name: '',
  phone: '',
  company: '',
  street: '',
  street2: '',
  city: '',
  state: '',
  zip: '',
  country: 'US',
};

interface AddAddressDialogProps {
  userId: string;
  open: boolean;
  onClose: () => void;
}

/** Spec section 2, Address Book: the 'Add New Address' modal, checked with the server's addressFormSchema. */
export const AddAddressDialog = ({ userId, open, onClose }: AddAddressDialogProps): ReactElement => {
  const save = useSaveAddress();
  const form = useZodForm(addressFormSchema, emptyAddressForm);
  const [serverError, setServerError] = useState<string | null>(null);
  const { field, fieldState } = form;

  const close = () => {
    if (save.isPending) return;
    form.reset(emptyAddressForm);
    setServerError(null);
    onClose();
  };

  const onSubmit = form.handleSubmit((formData) => {
    if (save.isPending) return;
    setServerError(null);
    save.mutate(
      { userId, formData },
      {
        onSuccess: () => {
          notify.success('Address added successfully!');
          form.reset(emptyAddressForm);
          onClose();
        },
        onError: (error) => {
          const message = errorMessage(error, 'Failed to add address');
          setServerError(message);
          notify.error(message);
        },
      },
    );
  });

  return (
    <FormDialog
      title="Add New Address"
      open={open}
      onClose={close}
      onSubmit={onSubmit}
      submitting={save.isPending}
      submitLabel="Save Address"
      submittingLabel="Saving"
      error={serverError}
      formId={FORM_ID}
      size="lg"
    >
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField label="Address ID" required autoComplete="off" helperText="A short name you pick it by, e.g. Warehouse" state={fieldState('address_id')} {...field('address_id')} />
        <FormField label="Name" required autoComplete="name" state={fieldState('name')} {...field('name')} />
        <FormField label="Company" autoComplete="organization" state={fieldState('company')} {...field('company')} />
        <FormField label="Phone" type="tel" autoComplete="tel" state={fieldState('phone')} {...field('phone')} />
        <GridItem colSpan={{ base: 1, sm: 2 }}>
          <FormField label="Street" required autoComplete="address-line1" state={fieldState('street')} {...field('street')} />
        </GridItem>
        <GridItem colSpan={{ base: 1, sm: 2 }}>
          <FormField label="Street 2" autoComplete="address-line2" state={fieldState('street2')} {...field('street2')} />
        </GridItem>
        <FormField label="City" required autoComplete="address-level2" state={fieldState('city')} {...field('city')} />
        <SelectField
          label="State"
          required
          name="state"
          value={form.values.state}
          placeholder="Select a state"
          state={fieldState('state')}
          onChange={(value) => form.setValue('state', value)}
        >
          <UsStateOptions />
        </SelectField>
        <FormField label="ZIP" required inputMode="numeric" autoComplete="postal-code" state={fieldState('zip')} {...field('zip')} />
        <Field.Root disabled>
          <Field.Label>Country</Field.Label>
          <Input value="United States" readOnly />
        </Field.Root>
      </SimpleGrid>
    </FormDialog>
  );
};
