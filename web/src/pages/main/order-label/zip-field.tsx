import { Button, Stack } from '@chakra-ui/react';
import { zipWithLeadingZeros } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { FormField } from '../../../components/ui/form-field';
import type { PartyPrefix } from '../../../services/orders/create-order';
import type { OrderFormApi } from './use-order-form';

/**
 * A party's ZIP. One that lost its leading zeros ("2134" with MA, pasted from a spreadsheet) is refused with "Did you
 * mean 02134?" and put right with one click; the button shows with the refusal, not while the ZIP is being typed.
 */
export const ZipField = ({ prefix, form }: { prefix: PartyPrefix; form: OrderFormApi }): ReactElement => {
  const name = `${prefix}_zip_postal` as const;
  const state = form.fieldState(name);
  const padded = state.invalid ? zipWithLeadingZeros(form.values[`${prefix}_state_province`], form.values[name]) : null;
  return (
    <Stack gap="1.5" minW="0">
      <FormField label="ZIP" required inputMode="numeric" autoComplete="off" state={state} {...form.field(name)} />
      {padded ? (
        <Button size="xs" variant="outline" colorPalette="brand" alignSelf="start" onClick={() => form.setValue(name, padded)} data-testid={`${prefix}-zip-fix`}>
          Use {padded}
        </Button>
      ) : null}
    </Stack>
  );
};
