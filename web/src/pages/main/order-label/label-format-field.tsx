import { GridItem } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { SelectField } from '../../../components/ui/select-field';
import type { OrderFormApi } from './use-order-form';

/** PDF for any printer, ZPL for a thermal printer fed raw (decision 047); the choice stays for the next label. */
export const LabelFormatField = ({ form }: { form: OrderFormApi }): ReactElement => (
  <GridItem colSpan={2}>
    <SelectField
      label="Label format"
      name="label_format"
      value={form.values.label_format}
      state={form.fieldState('label_format')}
      helperText="ZPL prints directly on Zebra-compatible thermal printers."
      onChange={(value) => form.setValue('label_format', value === 'zpl' ? 'zpl' : 'pdf')}
    >
      <option value="pdf">PDF 4x6</option>
      <option value="zpl">ZPL (thermal printer)</option>
    </SelectField>
  </GridItem>
);
