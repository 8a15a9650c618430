import { GridItem, SimpleGrid } from '@chakra-ui/react';
import { packagePresetFormSchema } from '@labeldesk/contracts';
import { useState } from 'react';
import type { ReactElement } from 'react';
import { FormDialog } from '../../../components/ui/form-dialog';
import { FormField } from '../../../components/ui/form-field';
import { notify, SHORT_TOAST_MS } from '../../../components/ui/toaster';
import { useZodForm } from '../../../hooks/use-zod-form';
import { errorMessage } from '../../../libs/http-client';
import { useCreatePackagePreset } from '../../../services/package-presets/save-package-preset';

const FORM_ID = 'add-package-form';
const emptyForm = { name: '', lengthIn: '', widthIn: '', heightIn: '', tareWeightOz: '' };

interface AddPackageDialogProps {
  userId: string;
  open: boolean;
  onClose: () => void;
}

/** Saves one box: its name, outer size and empty weight, checked as the seller types with the server's schema. */
export const AddPackageDialog = ({ userId, open, onClose }: AddPackageDialogProps): ReactElement => {
  const create = useCreatePackagePreset();
  const form = useZodForm(packagePresetFormSchema, emptyForm);
  const [serverError, setServerError] = useState<string | null>(null);
  const { field, fieldState } = form;
  const number = (name: 'lengthIn' | 'widthIn' | 'heightIn' | 'tareWeightOz', step: string) => ({
    type: 'number',
    inputMode: 'decimal' as const,
    step,
    min: 0,
    state: fieldState(name),
    ...field(name),
  });

  const close = () => {
    if (create.isPending) return;
    form.reset(emptyForm);
    setServerError(null);
    onClose();
  };

  const onSubmit = form.handleSubmit((preset) => {
    if (create.isPending) return;
    setServerError(null);
    create.mutate(
      { userId, preset },
      {
        onSuccess: (saved) => {
          notify.success(`Package "${saved.name}" saved`, { durationMs: SHORT_TOAST_MS });
          form.reset(emptyForm);
          onClose();
        },
        onError: (error) => setServerError(errorMessage(error, 'Could not save the package. Try again.')),
      },
    );
  });

  return (
    <FormDialog
      title="Add package"
      open={open}
      onClose={close}
      onSubmit={onSubmit}
      submitting={create.isPending}
      submitLabel="Save package"
      submittingLabel="Saving"
      error={serverError}
      formId={FORM_ID}
    >
      <SimpleGrid columns={2} gap="4">
        <GridItem colSpan={2}>
          <FormField label="Name" required autoComplete="off" placeholder="e.g. Small mailer box" state={fieldState('name')} {...field('name')} />
        </GridItem>
        <FormField label="Length (in)" required {...number('lengthIn', '0.25')} />
        <FormField label="Width (in)" required {...number('widthIn', '0.25')} />
        <FormField label="Height (in)" required {...number('heightIn', '0.25')} />
        <FormField label="Tare weight (oz)" helperText="The empty box with its padding; added to the parcel's weight." {...number('tareWeightOz', '0.1')} />
      </SimpleGrid>
    </FormDialog>
  );
};
