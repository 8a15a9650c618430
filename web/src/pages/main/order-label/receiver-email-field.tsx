import { GridItem } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { FormField } from '../../../components/ui/form-field';
import type { OrderFormApi } from './use-order-form';

/** The receiver's e-mail (decision 095): optional, where the seller's tracking e-mails go; never on the label. */
export const ReceiverEmailField = ({ form }: { form: OrderFormApi }): ReactElement => (
  <GridItem colSpan={2}>
    <FormField
      label="Email"
      type="email"
      autoComplete="off"
      helperText="Optional: your tracking e-mails go here when they are on. Never printed on the label."
      state={form.fieldState('receiver_email')}
      {...form.field('receiver_email')}
    />
  </GridItem>
);
