import { GridItem, SimpleGrid } from '@chakra-ui/react';
import { useState } from 'react';
import type { ReactElement } from 'react';
import { FormDialog } from '../../../components/ui/form-dialog';
import { FormField } from '../../../components/ui/form-field';
import { notify, SHORT_TOAST_MS } from '../../../components/ui/toaster';
import { useZodForm } from '../../../hooks/use-zod-form';
import { errorMessage } from '../../../libs/http-client';
import { useAddSkus } from '../../../services/skus/add-skus';
import { skuEntrySchema } from './sku-entry';

const FORM_ID = 'add-sku-form';
const emptySkuForm = { sku: '', maxQty: '', weight: '', packagingWeight: '', length: '', width: '', height: '', description: '', hsTariffNumber: '', originCountry: '', value: '', declaredValue: '' };

interface AddSkuDialogProps {
  userId: string;
  open: boolean;
  onClose: () => void;
}

/** Spec section 2: the 'Add New SKU' modal; spec 5: steps of 1 for maxQty and 0.1 for size and weights. */
export const AddSkuDialog = ({ userId, open, onClose }: AddSkuDialogProps): ReactElement => {
  const add = useAddSkus();
  const form = useZodForm(skuEntrySchema, emptySkuForm);
  const [serverError, setServerError] = useState<string | null>(null);
  const { field, fieldState } = form;
  const number = (name: 'maxQty' | 'weight' | 'packagingWeight' | 'length' | 'width' | 'height', step: string) => ({
    type: 'number',
    inputMode: name === 'maxQty' ? ('numeric' as const) : ('decimal' as const),
    step,
    min: 0,
    state: fieldState(name),
    ...field(name),
  });

  const close = () => {
    if (add.isPending) return;
    form.reset(emptySkuForm);
    setServerError(null);
    onClose();
  };

  const onSubmit = form.handleSubmit((sku) => {
    if (add.isPending) return;
    setServerError(null);
    add.mutate(
      { userId, parsedData: [sku] },
      {
        onSuccess: () => {
          notify.success('New SKU Data Added', { durationMs: SHORT_TOAST_MS });
          form.reset(emptySkuForm);
          onClose();
        },
        onError: (error) => {
          setServerError(errorMessage(error, 'Error adding new SKU'));
          notify.error('Error adding new SKU', { durationMs: SHORT_TOAST_MS });
        },
      },
    );
  });

  return (
    <FormDialog
      title="Add New SKU"
      open={open}
      onClose={close}
      onSubmit={onSubmit}
      submitting={add.isPending}
      submitLabel="Add SKU"
      submittingLabel="Adding"
      error={serverError}
      formId={FORM_ID}
    >
      <SimpleGrid columns={2} gap="4">
        <FormField label="SKU" required autoComplete="off" state={fieldState('sku')} {...field('sku')} />
        <FormField label="Max Quantity" required {...number('maxQty', '1')} />
        <FormField label="Weight per unit (lb)" required {...number('weight', '0.1')} />
        <FormField label="Packaging weight (lb)" helperText="Box and padding, counted once per package." {...number('packagingWeight', '0.1')} />
        <FormField label="Length (in)" required {...number('length', '0.1')} />
        <FormField label="Width (in)" required {...number('width', '0.1')} />
        <FormField label="Height (in)" required {...number('height', '0.1')} />
        <GridItem colSpan={2}>
          <FormField label="Description" autoComplete="off" helperText="Also what customs declare for it abroad." state={fieldState('description')} {...field('description')} />
        </GridItem>
        <FormField label="HS tariff number" autoComplete="off" inputMode="numeric" helperText="6 to 10 digits; the EU requires one." state={fieldState('hsTariffNumber')} {...field('hsTariffNumber')} />
        <FormField label="Origin country" autoComplete="off" helperText="Where it was made, e.g. US or China." state={fieldState('originCountry')} {...field('originCountry')} />
        <FormField label="Customs value ($)" autoComplete="off" inputMode="decimal" helperText="The value of one unit." state={fieldState('value')} {...field('value')} />
        <FormField
          label="Declared value ($)"
          autoComplete="off"
          inputMode="decimal"
          helperText="One unit's value to insure; a bulk row insures its units × this."
          state={fieldState('declaredValue')}
          {...field('declaredValue')}
        />
      </SimpleGrid>
    </FormDialog>
  );
};
