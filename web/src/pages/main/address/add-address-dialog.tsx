import { Button, CloseButton, Dialog, Field, GridItem, Input, Portal, SimpleGrid, Stack } from '@chakra-ui/react';
import { addressFormSchema } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { useState } from 'react';
import { FormAlert } from '../../../components/ui/form-alert';
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
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && close()} size="lg" placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Add New Address</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form id={FORM_ID} onSubmit={onSubmit} noValidate>
                <Stack gap="4">
                  <FormAlert message={serverError} />
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
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" colorPalette="gray" onClick={close} disabled={save.isPending}>
                Cancel
              </Button>
              <Button type="submit" form={FORM_ID} loading={save.isPending} loadingText="Saving">
                Save Address
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" colorPalette="gray" aria-label="Close" disabled={save.isPending} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
